import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { PRODUCT_NAME, type Theme } from '@common/constants';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group';
import { parseTheme } from '../../../lib/theme';
import { useTheme } from '../../../lib/theme-provider';

const THEME_OPTIONS: readonly { value: Theme; label: string; hint: string; icon: LucideIcon }[] = [
  { value: 'dark', label: 'Dark', hint: 'Easy on the eyes, day and night', icon: Moon },
  { value: 'light', label: 'Light', hint: 'Bright and high contrast', icon: Sun },
  { value: 'system', label: 'System', hint: 'Follows your device setting', icon: Monitor },
];

/** Settings: the theme choice, applied at once and kept on this device. */
export function SettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { choice, setChoice } = useTheme();
  const groupLabelId = useId();
  const idPrefix = useId();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Choose how {PRODUCT_NAME} looks on this device.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <p id={groupLabelId} className="text-sm font-semibold">
            Theme
          </p>
          <RadioGroup
            aria-labelledby={groupLabelId}
            value={choice}
            onValueChange={(value) => {
              const theme = parseTheme(value);
              if (theme) setChoice(theme);
            }}
          >
            {THEME_OPTIONS.map(({ value, label, hint, icon: Icon }) => {
              const id = `${idPrefix}-${value}`;
              return (
                <Label
                  key={value}
                  htmlFor={id}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-accent has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/10"
                >
                  <RadioGroupItem
                    id={id}
                    value={value}
                    aria-labelledby={`${id}-label`}
                    aria-describedby={`${id}-hint`}
                  />
                  <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                  <span className="grid gap-1">
                    <span id={`${id}-label`} className="font-semibold">
                      {label}
                    </span>
                    <span id={`${id}-hint`} className="text-xs font-normal text-muted-foreground">
                      {hint}
                    </span>
                  </span>
                </Label>
              );
            })}
          </RadioGroup>
        </div>
      </DialogContent>
    </Dialog>
  );
}
