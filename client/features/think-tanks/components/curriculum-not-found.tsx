import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** 'Topic not found' or 'Lesson not found': a path inside a Think Tank that the curriculum does not hold. */
export function CurriculumNotFound({
  title,
  text,
  backHref,
  backLabel,
}: {
  title: string;
  text: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <div className="grid min-h-[40vh] place-items-center">
      <Card className="w-full max-w-md p-6 text-center sm:p-8">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-muted text-muted-foreground">
          <SearchX aria-hidden="true" className="size-6" />
        </span>
        <h2 className="mt-4 text-2xl font-black">{title}</h2>
        <p className="mt-2 text-sm text-muted-foreground">{text}</p>
        <Link href={backHref} className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Link>
      </Card>
    </div>
  );
}
