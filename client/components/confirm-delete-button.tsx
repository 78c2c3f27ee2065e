import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { preloadable } from '../lib/preloadable';
import { Button } from './ui/button';
import type ConfirmDeleteDialogComponent from './confirm-delete-dialog';

// The question is loaded when the button is pointed at or focused and drawn once first asked
// (docs/decisions.md decision 70): a list of bins evaluates no dialog on its way to interactive.
const ConfirmDeleteDialog = preloadable<
  ComponentProps<typeof ConfirmDeleteDialogComponent>,
  { default: typeof ConfirmDeleteDialogComponent }
>(() => import('./confirm-delete-dialog'));
const preloadDialog = () => void ConfirmDeleteDialog.preload().catch(() => undefined);

type Props = {
  /** The button's text ('Delete', 'Clear') and, when it needs more context, its accessible name. */
  label: string;
  accessibleName?: string;
  title: string;
  description: ReactNode;
  /** The confirming action's text, which says again what will go ('Delete recording'). */
  confirm: string;
  onConfirm: () => void;
  disabled?: boolean;
};

/** A small bin button that removes something for good, only once the member confirms in a dialog. */
export function ConfirmDeleteButton({
  label,
  accessibleName,
  title,
  description,
  confirm,
  onConfirm,
  disabled,
}: Props) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        disabled={disabled}
        aria-label={accessibleName}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden="true" />
        {label}
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            open={open}
            onOpenChange={setOpen}
            title={title}
            description={description}
            confirm={confirm}
            onConfirm={onConfirm}
          />
        </Suspense>
      ) : null}
    </>
  );
}
