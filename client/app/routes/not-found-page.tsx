import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/document-title';

/** Any path the router does not know. */
export default function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
          <h2 className="text-2xl font-black">404 Page Not Found</h2>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Link href="/" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          Back to the community
        </Link>
      </Card>
    </div>
  );
}
