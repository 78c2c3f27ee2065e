import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';

/** A chat photo or an attempt's frame, enlarged in a dialog titled with its `alt` (PhotoThumbnail). */
export default function PhotoLightbox({
  src,
  alt,
  open,
  onOpenChange,
}: {
  src: string;
  alt: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // Focus the dialog itself, not its close button, whose tooltip would then open over the photo.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        // As wide as the photo (or its title), never wider than the screen; the title in the flow,
        // clear of the Close button (pr-10), cut short with an ellipsis on a narrow screen.
        className="w-max max-w-[min(calc(100vw-2rem),64rem)] gap-3 border-0 bg-black/90 p-3 focus-visible:outline-none sm:p-4 [&>button:last-child]:text-white/80 [&>button:last-child]:hover:bg-white/10 [&>button:last-child]:hover:text-white"
      >
        <DialogTitle className="min-w-0 truncate pl-1 pr-10 pt-1 text-sm font-bold normal-case tracking-normal text-white">
          {alt}
        </DialogTitle>
        <DialogDescription className="sr-only">The photo, enlarged.</DialogDescription>
        <img
          src={src}
          alt={alt}
          className="mx-auto max-h-[calc(100dvh-7rem)] w-auto max-w-full rounded-md object-contain"
        />
      </DialogContent>
    </Dialog>
  );
}
