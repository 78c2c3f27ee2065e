import { Activity, Brain, ChevronDown, Heart, Lock, Sparkles, Target, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';

const THINK_TANK_AREAS: readonly { slug: string; label: string; icon: LucideIcon }[] = [
  { slug: 'physiological', label: 'Physiological', icon: Activity },
  { slug: 'intellectual', label: 'Intellectual', icon: Brain },
  { slug: 'psychological', label: 'Psychological', icon: Target },
  { slug: 'emotional', label: 'Emotional', icon: Heart },
  { slug: 'spiritual', label: 'Spiritual', icon: Sparkles },
];

/** The Think Tanks menu: the five lesson areas for members; locked and disabled for visitors. */
export function ThinkTanksMenu({ isMember }: { isMember: boolean }) {
  if (!isMember) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button size="lg" variant="secondary" disabled aria-describedby="think-tanks-locked">
          <Lock aria-hidden="true" />
          Think Tanks
        </Button>
        <span id="think-tanks-locked" className="text-sm text-muted-foreground">
          Members only: log in to unlock
        </span>
      </div>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="lg" className="group">
          Think Tanks
          <ChevronDown
            aria-hidden="true"
            className="transition-transform group-data-[state=open]:rotate-180"
          />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel className="text-xs font-bold uppercase tracking-[0.2em] text-muted-foreground">
          Lesson areas
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {THINK_TANK_AREAS.map(({ slug, label, icon: Icon }) => (
          <DropdownMenuItem key={slug} asChild>
            <Link href={`/think-tanks/${slug}`}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
