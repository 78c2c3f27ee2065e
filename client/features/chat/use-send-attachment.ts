import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { outOfSpaceMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { addMessagesToRoom } from './api/get-community-messages';
import { postCommunityMessage } from './api/post-community-message';
import { uploadFile } from '../../lib/upload-file';
import { checkChatAttachment, UPLOAD_FAILED } from './chat-attachment';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Sends a photo, video or voice message: checks the file, uploads it with progress, then posts a
 * message whose content is the uploaded file's URL. `progress` is the percentage while uploading, else
 * null. A failure shows SPEC §8's 'Upload failed' toast; a cancel shows nothing.
 */
export function useSendAttachment({ onSent }: { onSent?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: async (file: File) => {
      const checked = checkChatAttachment(file);
      if ('problem' in checked) {
        toast({ ...checked.problem, variant: 'destructive' });
        return null;
      }
      const controller = new AbortController();
      controllerRef.current = controller;
      setProgress(0);
      try {
        const { url } = await uploadFile(file, {
          signal: controller.signal,
          // Whole percents, so React renders only when the figure changes.
          onProgress: (fraction) => setProgress(Math.min(100, Math.floor(fraction * 100))),
        });
        return await postCommunityMessage({ content: url, messageType: checked.messageType });
      } finally {
        controllerRef.current = null;
        setProgress(null);
      }
    },
    onSuccess: (message) => {
      if (!message) return;
      onSent?.();
      addMessagesToRoom(queryClient, [message]);
    },
    onError: (error) => {
      if (isAbort(error)) return;
      console.error('Chat upload failed', error);
      // SPEC §8's text, unless the server is out of space: then "try again" would fail the same way.
      const description = outOfSpaceMessage(error) ?? UPLOAD_FAILED.description;
      toast({ ...UPLOAD_FAILED, description, variant: 'destructive' });
    },
  });

  // Leaving the page cancels an upload under way.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const { mutate } = mutation;
  const send = useCallback((file: File) => mutate(file), [mutate]);
  const cancel = useCallback(() => controllerRef.current?.abort(), []);

  return { send, cancel, progress, isSending: mutation.isPending };
}
