import { LoaderCircle, Upload } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { lessonVideoFileProblem, type VideoSlot } from '../lesson-video-file';
import { useUploadLessonVideo } from '../use-upload-lesson-video';

/**
 * The upload control, shown to admins only (a member could do nothing with it but read 'Admin Only'):
 * the admin chooses a video file and it is uploaded with its percentage on the button. `hasVideo` turns
 * 'Upload Video' into 'Replace Video'.
 */
export function LessonVideoUploadButton({ slot, hasVideo }: { slot: VideoSlot; hasVideo: boolean }) {
  const { user } = useCurrentUser();
  if (!user?.isAdmin) return null;
  return <AdminUploadButton slot={slot} hasVideo={hasVideo} />;
}

function AdminUploadButton({ slot, hasVideo }: { slot: VideoSlot; hasVideo: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, progress, isUploading } = useUploadLessonVideo(slot);

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = lessonVideoFileProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    upload(file);
  }

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="video/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFileChosen}
      />
      <Button size="sm" variant="outline" disabled={isUploading} onClick={() => inputRef.current?.click()}>
        {isUploading ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Upload aria-hidden="true" />
        )}
        {isUploading ? `Uploading... ${progress ?? 0}%` : hasVideo ? 'Replace Video' : 'Upload Video'}
      </Button>
      {isUploading ? (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress ?? 0}
          className="absolute inset-x-0 bottom-0 h-1 overflow-hidden bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width] duration-200"
            style={{ width: `${progress ?? 0}%` }}
          />
        </div>
      ) : null}
    </>
  );
}
