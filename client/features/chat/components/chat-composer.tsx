import { ImagePlus, Mic, SendHorizontal, Square, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { Tooltip } from '../../../components/ui/tooltip';
import { toast } from '../../../lib/toast';
import { useMessageDraft } from '../../../lib/use-message-draft';
import { usePostCommunityMessage } from '../api/post-community-message';
import { useSendAttachment } from '../use-send-attachment';
import { loadVoiceRecorder, useVoiceRecorder } from '../use-voice-recorder';
import { MessageInput } from '../../../components/message-input';
import { formatMinutes } from '@common/text';

const formatElapsed = (ms: number) => formatMinutes(ms / 1000);

/** Record's code comes when the button is pointed at or focused (decision 70). */
const preloadRecorder = () => void loadVoiceRecorder().catch(() => undefined);

/** The running time of a recording, ticking on its own so nothing else re-renders. */
function RecordingClock({ startedAt }: { startedAt: number }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const tick = () => setElapsed(performance.now() - startedAt);
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [startedAt]);
  return (
    <span className="font-mono text-sm tabular-nums" aria-label="Recording time">
      {formatElapsed(elapsed)}
    </span>
  );
}

function UploadProgress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  return (
    <div className="flex items-center gap-3 border-t bg-muted/40 px-4 py-2">
      <div className="grid min-w-0 flex-1 gap-1.5">
        <p role="status" className="text-xs font-semibold">
          Uploading... {percent}%
        </p>
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <IconButton label="Cancel upload" className="size-8" onClick={onCancel}>
        <X aria-hidden="true" />
      </IconButton>
    </div>
  );
}

/**
 * The message input: Enter sends, Shift+Enter starts a new line, blank text is not sent, at most 2,000
 * characters. Beside it: attach a photo or video, record a voice message, send. `onSending` runs just
 * before an own message goes out (the list then follows it to the end).
 */
export function ChatComposer({ onSending }: { onSending: () => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const post = usePostCommunityMessage();
  const { draft, setDraft, textRef, send, empty } = useMessageDraft(
    (content, callbacks) => post.mutate({ content, messageType: 'text' }, callbacks),
    onSending,
  );
  const attachment = useSendAttachment({ onSent: onSending });
  const recorder = useVoiceRecorder();
  const recording = recorder.state.status === 'recording' ? recorder.state : null;
  const busy = attachment.isSending || recorder.state.status !== 'idle';

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (file) attachment.send(file);
  }

  async function stopRecording() {
    const file = await recorder.stop();
    if (file) attachment.send(file);
    else {
      toast({
        title: 'Recording failed',
        description: 'Could not record the voice message. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="shrink-0" data-composer="">
      {attachment.progress !== null ? (
        <UploadProgress percent={attachment.progress} onCancel={attachment.cancel} />
      ) : null}
      <div className="flex items-end gap-1.5 border-t px-3 py-3 sm:gap-2 sm:px-4">
        <input
          ref={fileRef}
          type="file"
          accept="image/*,video/*"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFileChosen}
        />
        {recording ? (
          <div
            role="status"
            className="flex h-10 min-w-0 flex-1 items-center gap-2.5 rounded-md border border-red-500/40 bg-red-500/10 px-3 text-red-700 dark:text-red-300"
          >
            <span aria-hidden="true" className="relative flex size-2.5">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-500 opacity-75" />
              <span className="relative inline-flex size-2.5 rounded-full bg-red-500" />
            </span>
            <span className="truncate text-sm font-semibold">Recording</span>
            <RecordingClock startedAt={recording.startedAt} />
          </div>
        ) : (
          <>
            <IconButton
              label="Attach photo or video"
              tooltipSide="top"
              disabled={busy}
              onClick={() => fileRef.current?.click()}
            >
              <ImagePlus aria-hidden="true" className="size-5" />
            </IconButton>
            <IconButton
              label="Record voice message"
              tooltipSide="top"
              disabled={busy}
              onPointerEnter={preloadRecorder}
              onFocus={preloadRecorder}
              onClick={() => void recorder.start()}
            >
              <Mic aria-hidden="true" className="size-5" />
            </IconButton>
            <MessageInput
              ref={textRef}
              value={draft}
              onValueChange={setDraft}
              onSend={send}
              label="Message"
            />
          </>
        )}
        {recording ? (
          <>
            <IconButton label="Discard recording" tooltipSide="top" onClick={recorder.cancel}>
              <Trash2 aria-hidden="true" className="size-5" />
            </IconButton>
            <Tooltip label="Stop recording and send" side="top">
              <Button
                variant="destructive"
                onClick={() => void stopRecording()}
                aria-label="Stop recording and send"
              >
                <Square aria-hidden="true" className="fill-current" />
                <span className="hidden sm:inline">Stop</span>
              </Button>
            </Tooltip>
          </>
        ) : (
          <IconButton
            label="Send message"
            tooltipSide="top"
            variant="default"
            disabled={empty}
            onClick={send}
          >
            <SendHorizontal aria-hidden="true" className="size-5" />
          </IconButton>
        )}
      </div>
    </div>
  );
}
