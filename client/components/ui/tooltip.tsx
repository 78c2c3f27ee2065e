import { Tooltip as TooltipPrimitive } from 'radix-ui';
import {
  cloneElement,
  useCallback,
  useRef,
  useState,
  type ComponentProps,
  type PointerEvent as ReactPointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
  useLayoutEffect,
} from 'react';
import { cn } from '../../lib/utils';

/** Radix's defaults, which are the spec's constants (docs/decisions.md decision 13). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

export const TooltipRoot = TooltipPrimitive.Root;

/**
 * Radix's trigger, except that focus opens the tooltip only when it is keyboard focus (:focus-visible):
 * focus handed back by script after a click (a closing dialog or menu) leaves it shut, where it would
 * otherwise stay open until the next click.
 */
export function TooltipTrigger({ onFocus, ...props }: ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return (
    <TooltipPrimitive.Trigger
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.currentTarget.matches(':focus-visible')) event.preventDefault();
      }}
      {...props}
    />
  );
}

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 animate-fade-in rounded-md border bg-popover px-2.5 py-1.5 text-xs font-medium text-popover-foreground shadow-md',
          className,
        )}
        {...props}
      >
        {children}
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

/** The trigger's event handlers that Radix's `Tooltip.Trigger` answers. */
const TRIGGER_EVENTS = [
  'onPointerMove',
  'onPointerLeave',
  'onPointerDown',
  'onFocus',
  'onBlur',
  'onClick',
] as const;
type TriggerEvent = (typeof TRIGGER_EVENTS)[number];
type Handler = (event: SyntheticEvent<HTMLElement>) => void;
/** What mounted a tooltip: the pointer coming over its trigger, a press on it, or keyboard focus. */
type Use = { kind: 'hover'; pointerType: string } | { kind: 'press' } | { kind: 'focus' };

/** What Radix's trigger gives its element: its handlers, its two attributes and its ref. */
type LentProps = Partial<Record<TriggerEvent, Handler>> & {
  'data-state'?: string;
  'aria-describedby'?: string;
  ref?: Ref<HTMLElement>;
};

/**
 * The element Radix's `Tooltip.Trigger asChild` is given: it draws nothing and lends what the trigger
 * gives it (handlers, attributes, ref) to the element the page already shows.
 */
function LentTrigger({ lend, ...props }: LentProps & { lend: (props: LentProps) => void }) {
  useLayoutEffect(() => lend(props));
  return null;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') return ref(value);
  if (ref) ref.current = value;
}

/** A stand-in for the event that asked for the tooltip, replayed once Radix's trigger is there. */
function replayed(element: HTMLElement, pointerType?: string) {
  const event = {
    currentTarget: element,
    target: element,
    pointerType,
    defaultPrevented: false,
    preventDefault: () => {
      event.defaultPrevented = true;
    },
  };
  return event as unknown as SyntheticEvent<HTMLElement>;
}

/**
 * Wraps one trigger element (passed as the child) with a tooltip.
 *
 * Radix's tooltip is mounted on first use (docs/decisions.md decision 84): its root, popper, anchor and
 * presence were about 20 components per tooltip, rendered twice at hydration (the anchor registers in an
 * effect), and the analysis tools draw 15–45 of them. Until the trigger is first pointed at, pressed or
 * given keyboard focus, it is the child element as it is, with its name and attributes, and no tooltip
 * beside it. Then Radix's root and trigger are mounted *beside* the element (not around it, which would
 * make React replace the element, losing its focus and hover): the trigger's handlers, attributes and
 * ref are lent to it, and the event that asked for the tooltip is replayed to them, so that it opens as
 * before (700 ms after the pointer came, at once on keyboard focus).
 */
export function Tooltip({
  label,
  children,
  side,
}: {
  label: ReactNode;
  children: ReactElement;
  side?: ComponentProps<typeof TooltipPrimitive.Content>['side'];
}) {
  const [used, setUsed] = useState(false);
  const [attributes, setAttributes] = useState<{ state?: string; describedBy?: string }>({});
  const element = useRef<HTMLElement | null>(null);
  const lent = useRef<LentProps>({});
  const lentRef = useRef<Ref<HTMLElement> | undefined>(undefined);
  /** The use that mounted the tooltip, replayed to Radix's trigger once it is there. */
  const pending = useRef<Use | null>(null);

  const childProps = children.props as Record<string, unknown> & { ref?: Ref<HTMLElement> };
  const childRef = childProps.ref;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      element.current = node;
      // Should the child ever draw another element, Radix's trigger and anchor follow it.
      if (node && lentRef.current) setRef(lentRef.current, node);
      const cleanup = setRef(childRef, node);
      return () => {
        element.current = null;
        if (typeof cleanup === 'function') cleanup();
        else setRef(childRef, null);
      };
    },
    [childRef],
  );

  const lend = useCallback((props: LentProps) => {
    lent.current = props;
    const node = element.current;
    if (props.ref !== lentRef.current) {
      setRef(lentRef.current, null);
      lentRef.current = props.ref;
      setRef(props.ref, node);
    }
    setAttributes((now) =>
      now.state === props['data-state'] && now.describedBy === props['aria-describedby']
        ? now
        : { state: props['data-state'], describedBy: props['aria-describedby'] },
    );
    const use = pending.current;
    if (!use || !node) return;
    pending.current = null;
    // Replayed only if it still holds: the focus is still there, the pointer still over the element.
    if (use.kind === 'focus') {
      if (document.activeElement === node && node.matches(':focus-visible')) props.onFocus?.(replayed(node));
    } else if (use.kind === 'hover' && node.matches(':hover')) {
      props.onPointerMove?.(replayed(node, use.pointerType));
    }
  }, []);

  const mount = (use: Use) => {
    if (used) return;
    pending.current = use;
    setUsed(true);
  };
  const handlers: Record<string, Handler> = {};
  for (const name of [...TRIGGER_EVENTS, 'onPointerEnter'] as const) {
    const own = childProps[name] as Handler | undefined;
    handlers[name] = (event) => {
      own?.(event);
      if (name !== 'onPointerEnter') lent.current[name]?.(event);
      if (name === 'onPointerEnter' || name === 'onPointerMove') {
        mount({ kind: 'hover', pointerType: (event as unknown as ReactPointerEvent).pointerType });
      } else if (name === 'onPointerDown') {
        // A press closes a tooltip and keeps it shut until the pointer leaves: nothing to replay.
        mount({ kind: 'press' });
      } else if (name === 'onFocus' && event.currentTarget.matches(':focus-visible')) {
        mount({ kind: 'focus' });
      }
    };
  }
  // Added only when there is something to add: a child that is itself a Radix trigger (a menu's) sets
  // its own, which an undefined here would otherwise override.
  const lentAttributes: Record<string, string> = {};
  const ownDescribedBy = childProps['aria-describedby'] as string | undefined;
  const describedBy = [ownDescribedBy, attributes.describedBy].filter(Boolean).join(' ');
  if (describedBy) lentAttributes['aria-describedby'] = describedBy;
  if (attributes.state && childProps['data-state'] === undefined)
    lentAttributes['data-state'] = attributes.state;

  return (
    <>
      {cloneElement(children, { ...handlers, ...lentAttributes, ref } as Record<string, unknown>)}
      {used ? (
        <TooltipRoot>
          <TooltipTrigger asChild>
            <LentTrigger lend={lend} />
          </TooltipTrigger>
          <TooltipContent side={side}>{label}</TooltipContent>
        </TooltipRoot>
      ) : null}
    </>
  );
}
