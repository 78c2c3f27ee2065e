import { ArrowRight, ChevronDown, ClipboardCheck, Flag, ScrollText, Target, UsersRound } from 'lucide-react';
import { Link } from 'wouter';
import { AREA_TITLES, THINK_TANKS, TOPIC_AREAS } from '@common/curriculum';
import { doneCount } from '@common/progress';
import { useContinueLink, useProgress } from '../../../lib/progress';
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
import { useCurrentUser } from '../../../lib/current-user';
import {
  ATTEMPTS_REVIEW_PATH,
  DRILLS_PATH,
  COMMUNITY_ADMIN_PATH,
  REPORTS_ADMIN_PATH,
  AUDIT_ADMIN_PATH,
  thinkTankPath,
} from '../../../lib/paths';
import { useReportCount } from '../../../lib/reports';

/** The members' Think Tanks menu: the five lesson areas, and for admins the attempts to review (issue 30). */
export function ThinkTanksDropdown() {
  const progress = useProgress().data;
  const next = useContinueLink();
  const isAdmin = Boolean(useCurrentUser().user?.isAdmin);
  const openReports = useReportCount(isAdmin).data?.count;
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
      <DropdownMenuContent align="start" className="w-72">
        {next ? (
          <>
            <DropdownMenuItem asChild>
              <Link href={next.href} className="font-semibold text-brand">
                <ArrowRight aria-hidden="true" />
                <span className="truncate">{next.label}</span>
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuLabel className="text-xs font-bold uppercase tracking-[0.2em] text-muted-foreground">
          Lesson areas
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {THINK_TANKS.map((area) => {
          const Icon = THINK_TANK_ICONS[area];
          const count =
            progress && (TOPIC_AREAS as readonly string[]).includes(area)
              ? doneCount(progress.lessons, area)
              : null;
          return (
            <DropdownMenuItem key={area} asChild>
              <Link href={thinkTankPath(area)}>
                <Icon aria-hidden="true" />
                <span className="flex-1">{AREA_TITLES[area]}</span>
                {count ? (
                  <span className="text-xs tabular-nums text-muted-foreground">
                    {count.done} of {count.total} done
                  </span>
                ) : null}
              </Link>
            </DropdownMenuItem>
          );
        })}
        {isAdmin ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link href={ATTEMPTS_REVIEW_PATH}>
                <ClipboardCheck aria-hidden="true" />
                <span className="flex-1">Attempts to review</span>
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href={DRILLS_PATH}>
                <Target aria-hidden="true" />
                <span className="flex-1">Drills</span>
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href={COMMUNITY_ADMIN_PATH}>
                <UsersRound aria-hidden="true" />
                <span className="flex-1">Community</span>
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href={REPORTS_ADMIN_PATH}>
                <Flag aria-hidden="true" />
                <span className="flex-1">Reports</span>
                {openReports ? (
                  <span className="text-xs tabular-nums text-muted-foreground">{openReports} open</span>
                ) : null}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href={AUDIT_ADMIN_PATH}>
                <ScrollText aria-hidden="true" />
                <span className="flex-1">Moderation log</span>
              </Link>
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
