import { App } from 'antd';
import { useEffect } from 'react';
import { setMessageSink } from './message-bridge';

/** Connects non-component code to antd's message API; renders nothing. Must sit inside antd's `<App>`. */
export function MessageBridgeHost() {
  const { message } = App.useApp();
  useEffect(() => {
    // Keying by content folds a burst of identical failures (several requests hitting one outage) into one toast.
    setMessageSink((level, content) => {
      void message.open({ type: level, content, key: content });
    });
    return () => setMessageSink(null);
  }, [message]);
  return null;
}
