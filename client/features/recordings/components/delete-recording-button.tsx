import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { useDeleteRecording } from '../api/delete-recording';

/** Deletes one recording (audio and screen video) after a confirmation. */
export function DeleteRecordingButton({ recordingId, time }: { recordingId: string; time: string }) {
  const remove = useDeleteRecording();
  return (
    <ConfirmDeleteButton
      label="Delete"
      accessibleName={`Delete the recording of ${time}`}
      title="Delete this recording?"
      description={`The recording of ${time}, its audio and its screen video, will be deleted. This cannot be undone.`}
      confirm="Delete recording"
      onConfirm={() => remove.mutate(recordingId)}
      disabled={remove.isPending}
    />
  );
}
