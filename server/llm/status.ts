import 'server-only';
import { llm } from './index';

/** What the chat UI tells the user about the model behind it (never keys or URLs). */
export function chatModelInfo(): { offline: boolean; label: string } {
  const { chat } = llm().describe();
  return { offline: chat.offline, label: chat.offline ? 'Built-in offline model' : chat.id };
}
