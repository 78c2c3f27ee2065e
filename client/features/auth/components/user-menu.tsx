import { CalendarDays, ClipboardList, LogOut, Settings, Target, Trophy, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { TooltipContent, TooltipRoot, TooltipTrigger } from '../../../components/ui/tooltip';
import { useLogout } from '../api/logout';
import {
  DRILLS_PATH,
  EVENTS_PATH,
  LEADERBOARD_PATH,
  MY_ATTEMPTS_PATH,
  PROFILE_PATH,
} from '../../../lib/paths';

/**
 * The signed-in member's menu, opened from their picture (or initials): My Profile, Settings (the hosting
 * screen's handler, which may open a page) and Logout. Its 'User menu' tooltip stays shut while the menu
 * is open and when the closing menu hands focus back to the button; it shows again once the pointer
 * comes back over the button, or focus leaves it and returns.
 */
export function UserMenu({ user, onSettings }: { user: CurrentUser; onSettings: () => void }) {
  const [, navigate] = useLocation();
  const logoutMutation = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const tooltipQuiet = useRef(false);
  // My Profile opens another page, whose heading takes focus: the closing menu must not take it back.
  const navigated = useRef(false);

  return (
    <DropdownMenu
      open={menuOpen}
      onOpenChange={(open) => {
        setMenuOpen(open);
        setTooltipOpen(false);
        tooltipQuiet.current = true;
      }}
    >
      <TooltipRoot
        open={tooltipOpen}
        onOpenChange={(open) => setTooltipOpen(open && !menuOpen && !tooltipQuiet.current)}
      >
        <TooltipTrigger
          asChild
          onPointerMove={() => {
            tooltipQuiet.current = false;
          }}
          onBlur={() => {
            tooltipQuiet.current = false;
          }}
        >
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              data-user-menu-trigger=""
              className="rounded-full p-0 hover:bg-transparent [&>span]:transition-shadow hover:[&>span]:ring-brand/60 data-[state=open]:[&>span]:ring-brand"
            >
              <Avatar name={user.name} src={user.profilePicture} decorative className="size-10 text-sm" />
              {/* Named by text rather than aria-label, which would not contain the visible initials. */}
              <span className="sr-only">User menu</span>
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>User menu</TooltipContent>
      </TooltipRoot>
      <DropdownMenuContent
        align="end"
        className="w-60"
        onCloseAutoFocus={(event) => {
          if (!navigated.current) return;
          navigated.current = false;
          event.preventDefault();
        }}
      >
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar name={user.name} src={user.profilePicture} decorative className="size-9 text-xs" />
          <span className="grid min-w-0">
            <span className="truncate font-semibold">{user.name}</span>
            <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            navigated.current = window.location.pathname !== PROFILE_PATH;
            navigate(PROFILE_PATH);
          }}
        >
          <UserRound aria-hidden="true" />
          My Profile
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            navigated.current = window.location.pathname !== MY_ATTEMPTS_PATH;
            navigate(MY_ATTEMPTS_PATH);
          }}
        >
          <ClipboardList aria-hidden="true" />
          My attempts
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            navigated.current = window.location.pathname !== DRILLS_PATH;
            navigate(DRILLS_PATH);
          }}
        >
          <Target aria-hidden="true" />
          {user.isAdmin ? 'Drills' : 'My drills'}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            navigated.current = window.location.pathname !== EVENTS_PATH;
            navigate(EVENTS_PATH);
          }}
        >
          <CalendarDays aria-hidden="true" />
          Sessions
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            navigated.current = window.location.pathname !== LEADERBOARD_PATH;
            navigate(LEADERBOARD_PATH);
          }}
        >
          <Trophy aria-hidden="true" />
          Leaderboard
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            // The handler may open another page (the app's opens Settings), whose heading takes focus.
            const from = window.location.pathname;
            onSettings();
            navigated.current = window.location.pathname !== from;
          }}
        >
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logoutMutation.isPending} onSelect={() => logoutMutation.mutate()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
