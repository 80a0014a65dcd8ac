import { EntriesPage } from './components/entries-page';

/** Files (file/file_list). */
export default function FileListPage() {
  return <EntriesPage kind="file" />;
}
