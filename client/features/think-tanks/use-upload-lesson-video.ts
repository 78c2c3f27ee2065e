import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorStatus, serverErrorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { lessonVideoQueryOptions } from './api/get-lesson-video';
import { putVideoFile } from './api/put-video-file';
import { registerLessonVideo } from './api/register-lesson-video';
import { requestUploadUrl } from './api/request-upload-url';
import type { VideoSlot } from './lesson-video-file';

/** The storage step (the PUT) failed: SPEC §8 names its own message for it. */
class StorageUploadError extends Error {
  constructor(cause: unknown) {
    super('Failed to upload video to storage', { cause });
    this.name = 'StorageUploadError';
  }
}

/**
 * Uploads a lesson video as SPEC §4 orders it: obtain an upload address, PUT the file there (with
 * progress), register it for the lesson, then refresh the lesson's video. `progress` is the percentage
 * while the upload runs, else null. The toasts are SPEC §8's. An upload keeps going if the page is left;
 * closing the tab asks first.
 */
export function useUploadLessonVideo(slot: VideoSlot) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  const mutation = useMutation({
    mutationFn: async (file: File) => {
      setProgress(0);
      try {
        const { uploadURL } = await requestUploadUrl();
        try {
          await putVideoFile(uploadURL, file, {
            // Whole percents, so React renders only when the figure changes.
            onProgress: (fraction) => setProgress(Math.min(100, Math.floor(fraction * 100))),
          });
        } catch (error) {
          throw new StorageUploadError(error);
        }
        return await registerLessonVideo(slot, uploadURL);
      } finally {
        setProgress(null);
      }
    },
    onSuccess: async ({ videoUrl }) => {
      toast({ title: 'Success', description: 'Video uploaded successfully!' });
      const { queryKey } = lessonVideoQueryOptions(slot);
      queryClient.setQueryData(queryKey, { videoUrl, captionsUrl: null });
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      console.error('Lesson video upload failed', error);
      // Only admins see the control; one whose rights were taken away meanwhile gets SPEC §8's answer.
      if (!(error instanceof StorageUploadError) && errorStatus(error) === 403) {
        toast({
          title: 'Admin Only',
          description: 'Only administrators can upload videos.',
          variant: 'destructive',
        });
        return;
      }
      const description =
        error instanceof StorageUploadError
          ? error.message
          : (serverErrorMessage(error) ?? 'Failed to upload video');
      toast({ title: 'Upload Failed', description, variant: 'destructive' });
    },
  });

  const uploading = mutation.isPending;
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  return { upload: mutation.mutate, progress, isUploading: uploading };
}
