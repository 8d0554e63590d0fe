export type MessageLevel = 'success' | 'info' | 'warning' | 'error';

export type MessageSink = (level: MessageLevel, content: string) => void;

let sink: MessageSink | null = null;
const pending: Array<[MessageLevel, string]> = [];

/**
 * The HTTP client and the route guard are not components, yet their messages must come from antd's `App.useApp()`
 * so that they follow the locale and theme (STACK.md). The app registers the sink once it is mounted; messages sent
 * before that (a guard running on the first load) wait here.
 */
export function setMessageSink(next: MessageSink | null): void {
  sink = next;
  while (sink && pending.length > 0) {
    const [level, content] = pending.shift() as [MessageLevel, string];
    sink(level, content);
  }
}

function emit(level: MessageLevel, content: string): void {
  if (sink) {
    sink(level, content);
  } else {
    pending.push([level, content]);
  }
}

export const notify = {
  success: (content: string) => emit('success', content),
  info: (content: string) => emit('info', content),
  warning: (content: string) => emit('warning', content),
  error: (content: string) => emit('error', content),
};
