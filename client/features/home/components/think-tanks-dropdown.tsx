import { ChevronDown } from 'lucide-react';
import { Link } from 'wouter';
import { AREA_TITLES, THINK_TANKS } from '@common/curriculum';
import { THINK_TANK_ICONS } from '../../../components/think-tank-icons';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { thinkTankPath } from '../../../lib/paths';

/** The members' Think Tanks menu: the five lesson areas. */
export function ThinkTanksDropdown() {
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
        {THINK_TANKS.map((area) => {
          const Icon = THINK_TANK_ICONS[area];
          return (
            <DropdownMenuItem key={area} asChild>
              <Link href={thinkTankPath(area)}>
                <Icon aria-hidden="true" />
                {AREA_TITLES[area]}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
