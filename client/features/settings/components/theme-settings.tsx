import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { PRODUCT_NAME, type Theme } from '@common/constants';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { RadioGroup } from '../../../components/ui/radio-group';
import { RadioCard } from '../../../components/radio-card';
import { parseTheme } from '../../../lib/theme';
import { useTheme } from '../../../lib/theme-provider';

const THEME_OPTIONS: readonly { value: Theme; label: string; hint: string; icon: LucideIcon }[] = [
  { value: 'dark', label: 'Dark', hint: 'Easy on the eyes, day and night', icon: Moon },
  { value: 'light', label: 'Light', hint: 'Bright and high contrast', icon: Sun },
  { value: 'system', label: 'System', hint: 'Follows your device setting', icon: Monitor },
];

/** The Theme card of Settings: the theme choice, applied at once and kept on this device. */
export function ThemeSettings() {
  const titleId = useId();
  const idPrefix = useId();
  const { choice, setChoice } = useTheme();

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <h3 id={titleId} className="text-lg font-bold uppercase leading-tight tracking-wide">
          Theme
        </h3>
        <CardDescription>Choose how {PRODUCT_NAME} looks on this device.</CardDescription>
      </CardHeader>
      <CardContent>
        <RadioGroup
          aria-labelledby={titleId}
          className="md:grid-cols-3"
          value={choice}
          onValueChange={(value) => {
            const theme = parseTheme(value);
            if (theme) setChoice(theme);
          }}
        >
          {THEME_OPTIONS.map(({ value, label, hint, icon: Icon }) => (
            <RadioCard
              key={value}
              id={`${idPrefix}-${value}`}
              value={value}
              label={label}
              hint={hint}
              align="top"
              icon={<Icon aria-hidden="true" className="size-4 text-muted-foreground" />}
            />
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  );
}
