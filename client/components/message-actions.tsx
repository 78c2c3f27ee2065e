import { Flag, MoreHorizontal, Pencil, Reply, Trash2 } from 'lucide-react';
import {
  Suspense,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { flushSync } from 'react-dom';
import type { ReportedMessageKind } from '@common/contracts/reports';
import { serverErrorMessage } from '../lib/api-error';
import { preloadable } from '../lib/preloadable';
import { toast } from '../lib/toast';
import { Button } from './ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/dropdown-menu';
import type DeleteMessageDialogComponent from './delete-message-dialog';
import type { ReportDialog as ReportDialogComponent } from './report-dialog';

// The menu's dialogs are loaded when its button is pointed at or focused, and drawn once first opened
// (docs/decisions.md decision 70): a page of messages evaluates none of them on its way to interactive.
const DeleteMessageDialog = preloadable<
  ComponentProps<typeof DeleteMessageDialogComponent>,
  { default: typeof DeleteMessageDialogComponent }
>(() => import('./delete-message-dialog'));
const ReportDialog = preloadable<
  ComponentProps<typeof ReportDialogComponent>,
  { default: typeof ReportDialogComponent }
>(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/** The keys that open a Radix menu from its button (as its trigger's own handler reads them). */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A message's own menu (decision 53): Edit for its author, Delete for its author or a coach, by mouse
 * or keyboard (a Radix menu). Delete asks first; a coach removing someone else's message may say why,
 * which its author is shown ('Removed by a coach: …').
 *
 * The Radix menu is mounted on first use (docs/decisions.md decision 77): a room draws dozens of
 * messages, and each menu's root, trigger and their contexts were a twentieth of a message's first
 * render. Until then its button is a plain button with what the menu's trigger tells a screen reader
 * (a button, its name, `aria-haspopup="menu"`, `aria-expanded="false"`). Its first press or opening
 * key mounts the menu at once and hands that same press to the menu's trigger, so the first press
 * opens it as before (by keyboard, with its first item focused). Not on focus: the menu's trigger is
 * another element, and moving the focus to it would have a screen reader announce the button again.
 */
export function MessageActions({
  author,
  canEdit,
  canDelete,
  removesOthers,
  onEdit,
  onDelete,
  report,
  onReply,
}: {
  /** Whose message it is, for the menu's and the dialog's names; null: the viewer's own. */
  author: string | null;
  canEdit: boolean;
  canDelete: boolean;
  /** A coach deleting someone else's message: the dialog offers a reason. */
  removesOthers: boolean;
  onEdit: () => void;
  onDelete: (reason: string | undefined) => Promise<unknown>;
  /** Someone else's message: Report opens the report dialog (decision 55). */
  report?: { messageKind: ReportedMessageKind; messageId: number };
  /** Reply quotes the message in the composer (a lesson discussion, decision 57). */
  onReply?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  /** Each dialog is drawn from its first opening on (and kept, so that it closes as before). */
  const [opened, setOpened] = useState({ delete: false, report: false });
  /** The Radix menu is mounted (from the button's first press or opening key on). */
  const [armed, setArmed] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /** Reply was chosen: the focus goes to the composer, not back to the menu's button. */
  const replying = useRef(false);
  if (!canEdit && !canDelete && !report && !onReply) return null;

  const preloadDialogs = () => {
    if (canDelete) void DeleteMessageDialog.preload().catch(() => undefined);
    if (report) void ReportDialog.preload().catch(() => undefined);
  };

  /** Mounts the menu now and gives the press that asked for it to the menu's trigger. */
  const armWith = (press: Event) => {
    flushSync(() => setArmed(true));
    triggerRef.current?.dispatchEvent(press);
  };
  const onPlainPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    // The same presses as the menu's trigger answers; it also keeps the focus where it is.
    if (event.button !== 0 || event.ctrlKey) return;
    event.preventDefault();
    const { pointerId, pointerType, isPrimary, clientX, clientY, button, buttons } = event.nativeEvent;
    armWith(
      new PointerEvent('pointerdown', {
        bubbles: true,
        cancelable: true,
        composed: true,
        pointerId,
        pointerType,
        isPrimary,
        clientX,
        clientY,
        button,
        buttons,
      }),
    );
  };
  const onPlainKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (!OPENING_KEYS.includes(event.key)) return;
    event.preventDefault();
    const { key, code } = event.nativeEvent;
    armWith(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, composed: true, key, code }));
  };

  const label = author ? `Actions for ${author}’s message` : 'Actions for your message';
  const buttonClassName =
    'size-8 text-muted-foreground opacity-0 transition-opacity focus-visible:opacity-100 group-hover/message:opacity-100 group-focus-within/message:opacity-100 data-[state=open]:opacity-100 [@media(hover:none)]:opacity-100';
  const icon = <MoreHorizontal aria-hidden="true" />;

  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete(removesOthers && reason.trim() ? reason.trim() : undefined);
      setConfirming(false);
      setReason('');
    } catch (error) {
      toast({
        title: 'Could not delete the message',
        description: serverErrorMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      {armed ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              ref={triggerRef}
              variant="ghost"
              size="icon"
              onPointerEnter={preloadDialogs}
              onFocus={preloadDialogs}
              aria-label={label}
              className={buttonClassName}
            >
              {icon}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="end"
            className="min-w-36"
            onCloseAutoFocus={(event) => {
              if (!replying.current) return;
              replying.current = false;
              event.preventDefault();
            }}
          >
            {onReply ? (
              <DropdownMenuItem
                onSelect={() => {
                  replying.current = true;
                  onReply();
                }}
              >
                <Reply aria-hidden="true" />
                Reply
              </DropdownMenuItem>
            ) : null}
            {canEdit ? (
              <DropdownMenuItem onSelect={onEdit}>
                <Pencil aria-hidden="true" />
                Edit
              </DropdownMenuItem>
            ) : null}
            {canDelete ? (
              <DropdownMenuItem
                className="text-destructive data-[highlighted]:text-destructive [&_svg]:text-destructive"
                onSelect={() => {
                  setOpened((o) => ({ ...o, delete: true }));
                  setConfirming(true);
                }}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            ) : null}
            {report ? (
              <DropdownMenuItem
                onSelect={() => {
                  setOpened((o) => ({ ...o, report: true }));
                  setReporting(true);
                }}
              >
                <Flag aria-hidden="true" />
                Report
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <Button
          variant="ghost"
          size="icon"
          aria-haspopup="menu"
          aria-expanded={false}
          data-state="closed"
          onPointerEnter={preloadDialogs}
          onFocus={preloadDialogs}
          onPointerDown={onPlainPointerDown}
          onKeyDown={onPlainKeyDown}
          aria-label={label}
          className={buttonClassName}
        >
          {icon}
        </Button>
      )}
      <Suspense fallback={null}>
        {report && opened.report ? (
          <ReportDialog
            trigger="none"
            open={reporting}
            onOpenChange={setReporting}
            target={report}
            what={`${author ?? 'this'}’s message`}
          />
        ) : null}
        {opened.delete ? (
          <DeleteMessageDialog
            open={confirming}
            onOpenChange={setConfirming}
            author={author}
            removesOthers={removesOthers}
            deleting={deleting}
            reason={reason}
            onReasonChange={setReason}
            onConfirm={() => void remove()}
          />
        ) : null}
      </Suspense>
    </>
  );
}
