import { LogOut, Settings, UserRound } from 'lucide-react';
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
import { Tooltip } from '../../../components/ui/tooltip';
import { useLogout } from '../api/logout';

/**
 * The signed-in member's menu, opened from their picture (or initials): My Profile, Settings (the hosting
 * screen's handler) and Logout.
 */
export function UserMenu({ user, onSettings }: { user: CurrentUser; onSettings: () => void }) {
  const [, navigate] = useLocation();
  const logoutMutation = useLogout();

  return (
    <DropdownMenu>
      <Tooltip label="User menu">
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="rounded-full p-0 hover:bg-transparent [&>span]:transition-shadow hover:[&>span]:ring-brand/60 data-[state=open]:[&>span]:ring-brand"
          >
            <Avatar name={user.name} src={user.profilePicture} decorative className="size-10 text-sm" />
            {/* Named by text rather than aria-label, which would not contain the visible initials. */}
            <span className="sr-only">User menu</span>
          </Button>
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar name={user.name} src={user.profilePicture} decorative className="size-9 text-xs" />
          <span className="grid min-w-0">
            <span className="truncate font-semibold">{user.name}</span>
            <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserRound aria-hidden="true" />
          My Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSettings}>
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
