/**
 * Switches for tests, read once when the chat first starts: `localStorage['tribe36-chat-polling'] =
 * 'off'` never polls, `localStorage['tribe36-chat-stream'] = 'off'` never opens the live stream. With
 * both on (the default), the stream delivers and polling covers for it while it is down.
 */
export interface ChatTransportSettings {
  polling: boolean;
  stream: boolean;
}

let settings: ChatTransportSettings | undefined;

function isOff(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'off';
  } catch {
    // Storage can be blocked (privacy modes): the defaults stand.
    return false;
  }
}

/** The chat's transport switches, read from storage on the first call only. */
export function chatTransportSettings(): ChatTransportSettings {
  settings ??= {
    polling: !isOff('tribe36-chat-polling'),
    stream: !isOff('tribe36-chat-stream') && typeof EventSource !== 'undefined',
  };
  return settings;
}
