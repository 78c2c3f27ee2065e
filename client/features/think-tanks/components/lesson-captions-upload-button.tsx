import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Captions, LoaderCircle } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { serverErrorMessage } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { lessonVideoQueryOptions } from '../api/get-lesson-video';
import { uploadCaptions } from '../api/upload-captions';
import { captionsFileProblem, type VideoSlot } from '../lesson-video-file';

/**
 * Beside the video's upload control, for admins only and once the lesson has a video: choose a WebVTT
 * file and it becomes the video's captions track ('Upload Captions', then 'Replace Captions').
 */
export function LessonCaptionsUploadButton({ slot, hasCaptions }: { slot: VideoSlot; hasCaptions: boolean }) {
  const { user } = useCurrentUser();
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (file: File) => uploadCaptions(slot, file),
    onSuccess: (video) => {
      toast({ title: 'Success', description: 'Captions uploaded successfully!' });
      queryClient.setQueryData(lessonVideoQueryOptions(slot).queryKey, video);
    },
    onError: (error) => {
      console.error('Captions upload failed', error);
      toast({
        title: 'Upload Failed',
        description: serverErrorMessage(error) ?? 'Failed to upload captions',
        variant: 'destructive',
      });
    },
  });

  if (!user?.isAdmin) return null;

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = captionsFileProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    mutation.mutate(file);
  }

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept=".vtt,text/vtt"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFileChosen}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={mutation.isPending}
        onClick={() => inputRef.current?.click()}
      >
        {mutation.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Captions aria-hidden="true" />
        )}
        {mutation.isPending ? 'Uploading...' : hasCaptions ? 'Replace Captions' : 'Upload Captions'}
      </Button>
    </>
  );
}
