import { CommunityChatPanel } from '../../features/chat/components/community-chat-panel';
import { MemberCountCard } from '../../features/home/components/member-count-card';
import { Acronyms, Pitch } from '../../features/home/components/pitch';
import { ThinkTanksMenu } from '../../features/home/components/think-tanks-menu';
import { useCurrentUser } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/document-title';

/** / : the community home. */
export default function HomePage() {
  const { user } = useCurrentUser();
  useDocumentTitle();
  return (
    <div className="grid gap-8 sm:gap-10">
      <div className="grid items-end gap-8 lg:grid-cols-[1.15fr_1fr]">
        <Pitch action={<ThinkTanksMenu isMember={user !== null} />} />
        <Acronyms />
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <CommunityChatPanel />
        <div className="grid content-start gap-6">
          <MemberCountCard />
        </div>
      </div>
    </div>
  );
}
