import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog';
import { Button } from './ui/button';

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
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="ghost" disabled={disabled} aria-label={accessibleName}>
          <Trash2 aria-hidden="true" />
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirm}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
