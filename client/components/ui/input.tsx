import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const fieldClass =
  'w-full rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring aria-invalid:border-red-600 dark:aria-invalid:border-red-400 disabled:cursor-not-allowed disabled:opacity-50 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClass, 'h-10 py-2', className)} {...props} />;
}
