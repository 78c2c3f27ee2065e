import { BookOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * The physiological page's 'How to Use' card (SPEC §2): the card itself, titled 'How to Use', around what
 * the hosting page passes in, which is the analysis tool's instructions (that tool's issue supplies
 * them). Without contents it shows nothing, so the page never describes a tool it does not have.
 */
export function HowToUseCard({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <Card aria-labelledby="how-to-use-title">
      <CardHeader className="flex-row items-center gap-3 pb-3">
        <BookOpen aria-hidden="true" className="size-5 text-brand" />
        <CardTitle id="how-to-use-title">How to Use</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
