import { Spinner } from '../../components/ui/spinner';

/** The placeholder while a page's code or data is on its way. */
export function PageSpinner() {
  return (
    <div className="grid min-h-[40vh] place-items-center">
      <Spinner />
    </div>
  );
}
