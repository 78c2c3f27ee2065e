import { Activity, Brain, Heart, Sparkles, Target, type LucideIcon } from 'lucide-react';
import type { ThinkTank } from '@common/curriculum';

/** One icon per Think Tank, shared by the home menu and the Think Tank pages. */
export const THINK_TANK_ICONS: Record<ThinkTank, LucideIcon> = {
  physiological: Activity,
  intellectual: Brain,
  psychological: Target,
  emotional: Heart,
  spiritual: Sparkles,
};
