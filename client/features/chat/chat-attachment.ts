import { UPLOAD_MAX_BYTES, type ChatMessageType } from '@common/constants';

/** Why a chosen file is refused before it is sent: a toast's title and text. */
export interface AttachmentProblem {
  title: string;
  description: string;
}

type MediaKind = keyof typeof UPLOAD_MAX_BYTES;

const KINDS: Record<MediaKind, { messageType: Exclude<ChatMessageType, 'text'>; noun: string }> = {
  image: { messageType: 'photo', noun: 'Photos' },
  video: { messageType: 'video', noun: 'Videos' },
  audio: { messageType: 'voice', noun: 'Voice messages' },
};

export const UNSUPPORTED_FILE: AttachmentProblem = {
  title: 'Upload failed',
  description: 'Only photos, videos and voice messages can be sent.',
};

function mib(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/**
 * The client's checks on a chat attachment: an image, video or audio type within its size limit
 * (10, 200 and 20 MB, binary). Gives the message type to post, or the problem. The server checks the
 * content again; this only spares a pointless upload.
 */
export function checkChatAttachment(file: {
  type: string;
  size: number;
}): { messageType: Exclude<ChatMessageType, 'text'> } | { problem: AttachmentProblem } {
  const kind = (Object.keys(KINDS) as MediaKind[]).find((k) => file.type.startsWith(`${k}/`));
  if (!kind) return { problem: UNSUPPORTED_FILE };
  const limit = UPLOAD_MAX_BYTES[kind];
  if (file.size > limit) {
    return {
      problem: { title: 'File too large', description: `${KINDS[kind].noun} can be up to ${mib(limit)}.` },
    };
  }
  if (file.size === 0) return { problem: UNSUPPORTED_FILE };
  return { messageType: KINDS[kind].messageType };
}

/** The toast of SPEC §8 when an upload fails. */
export const UPLOAD_FAILED: AttachmentProblem = {
  title: 'Upload failed',
  description: 'Could not upload the file. Please try again.',
};
