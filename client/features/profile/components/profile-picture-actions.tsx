import { Camera, Trash2 } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useRemoveProfilePicture } from '../api/update-profile';
import { useUploadProfilePicture } from '../api/upload-profile-picture';
import { checkProfilePicture } from '../profile-picture';

/**
 * 'Change Picture' (a hidden file input behind a button, checked before anything is sent) and, when a
 * picture is set, 'Remove picture'.
 */
export function ProfilePictureActions({ hasPicture }: { hasPicture: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePicture();
  const remove = useRemoveProfilePicture();
  const busy = upload.isPending || remove.isPending;

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = checkProfilePicture(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    upload.mutate(file);
  }

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFileChosen}
      />
      <Button size="sm" variant="outline" disabled={busy} onClick={() => inputRef.current?.click()}>
        <Camera aria-hidden="true" />
        {upload.isPending ? 'Uploading...' : 'Change Picture'}
      </Button>
      {hasPicture ? (
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Removing...' : 'Remove picture'}
        </Button>
      ) : null}
    </>
  );
}
