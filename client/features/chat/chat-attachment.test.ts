import { describe, expect, it } from 'vitest';
import { checkChatAttachment, UNSUPPORTED_FILE } from './chat-attachment';

const MB = 1024 * 1024;

describe('checkChatAttachment', () => {
  it('maps images to photo, videos to video and audio to voice', () => {
    expect(checkChatAttachment({ type: 'image/png', size: 10 })).toEqual({ messageType: 'photo' });
    expect(checkChatAttachment({ type: 'video/webm', size: 10 })).toEqual({ messageType: 'video' });
    expect(checkChatAttachment({ type: 'audio/webm;codecs=opus', size: 10 })).toEqual({
      messageType: 'voice',
    });
  });

  it('refuses other types, an unknown type and an empty file', () => {
    expect(checkChatAttachment({ type: 'text/html', size: 10 })).toEqual({ problem: UNSUPPORTED_FILE });
    expect(checkChatAttachment({ type: 'application/pdf', size: 10 })).toEqual({ problem: UNSUPPORTED_FILE });
    expect(checkChatAttachment({ type: '', size: 10 })).toEqual({ problem: UNSUPPORTED_FILE });
    expect(checkChatAttachment({ type: 'image/png', size: 0 })).toEqual({ problem: UNSUPPORTED_FILE });
  });

  it('holds each kind to its size limit', () => {
    expect(checkChatAttachment({ type: 'image/jpeg', size: 10 * MB })).toEqual({ messageType: 'photo' });
    expect(checkChatAttachment({ type: 'image/jpeg', size: 10 * MB + 1 })).toEqual({
      problem: { title: 'File too large', description: 'Photos can be up to 10 MB.' },
    });
    expect(checkChatAttachment({ type: 'video/mp4', size: 200 * MB })).toEqual({ messageType: 'video' });
    expect(checkChatAttachment({ type: 'video/mp4', size: 200 * MB + 1 })).toEqual({
      problem: { title: 'File too large', description: 'Videos can be up to 200 MB.' },
    });
    expect(checkChatAttachment({ type: 'audio/ogg', size: 20 * MB + 1 })).toEqual({
      problem: { title: 'File too large', description: 'Voice messages can be up to 20 MB.' },
    });
  });
});
