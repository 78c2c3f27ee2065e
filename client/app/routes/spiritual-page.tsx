import { AREA_TITLES, MAIN } from '@common/curriculum';
import { DiscussionPanel } from '../../features/discussions/components/discussion-panel';
import { ThinkTankPageHeader } from '../../features/think-tanks/components/think-tank-page-header';
import { VideoWithDiscussion } from '../../features/think-tanks/components/video-with-discussion';
import { useDocumentTitle } from '../../lib/document-title';
import { MembersOnly } from '../require-member';

const TITLE = AREA_TITLES.spiritual;

/** /think-tanks/spiritual: one video (`main`/`main`) with its upload control, and a discussion. */
export default function SpiritualPage() {
  useDocumentTitle(TITLE);
  return (
    <MembersOnly>
      <div className="grid gap-8">
        <ThinkTankPageHeader area="spiritual" title={TITLE} trail={[{ label: TITLE }]} />
        <VideoWithDiscussion
          slot={{ thinkTank: 'spiritual', topicSlug: MAIN, lessonSlug: MAIN }}
          title={TITLE}
          discussion={<DiscussionPanel thread={{ thinkTank: 'spiritual', topic: MAIN, lesson: MAIN }} />}
        />
      </div>
    </MembersOnly>
  );
}
