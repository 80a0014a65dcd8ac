import { EntriesPage } from './components/entries-page';

/** The knowledge base (file/knowledge). */
export default function KnowledgePage() {
  return <EntriesPage kind="knowledge" />;
}
