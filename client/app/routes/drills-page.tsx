import { CoachDrills } from '../../features/drills/components/coach-drills';
import { MyDrills } from '../../features/drills/components/my-drills';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/**
 * /drills (issue 34 §1, decision 81): a member's drills; a coach's form to assign one and every
 * member's drills. `?assignment=<id>` (a notification's link) brings one into view.
 */
export default function DrillsPage() {
  useDocumentTitle('Drills');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <RequireMember>{(user) => (user.isAdmin ? <CoachDrills /> : <MyDrills />)}</RequireMember>
    </div>
  );
}
