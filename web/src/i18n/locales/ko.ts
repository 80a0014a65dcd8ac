import en from './en';
import type { Messages } from '../messages';

const messages: Messages = en;
export default messages;
