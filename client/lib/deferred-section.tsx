import {
  Suspense,
  createElement,
  lazy,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { preloadable, type Preloadable } from './preloadable';
import { whenIdle } from './when-idle';

// Sections of a page hydrated later (docs/decisions.md decision 65): below the first screen, a part
// of a prerendered page (the two players, the discussion) keeps the HTML the server sent, looks the
// same and is hydrated only once the browser is idle, the section is scrolled near, or it is touched,
// focused or typed in, each in tasks of its own, instead of with the rest of the page. A press made
// before it is hydrated is held and pressed again once it is: nothing the member does is lost.

const ATTRIBUTE = 'data-deferred-section';

type Gate = {
  /** Resolves when the section may load and hydrate. */
  opened: Promise<void>;
  open(): void;
  isOpen: boolean;
  /** Set once the section's own component has been committed (hydrated or rendered). */
  hydrated: boolean;
  /** Controls pressed before the section was hydrated, pressed again once it is. */
  held: HTMLElement[];
};

const gates = new Map<string, Gate>();

function gateOf(name: string): Gate {
  let gate = gates.get(name);
  if (!gate) {
    let resolve!: () => void;
    const opened = new Promise<void>((r) => (resolve = r));
    const g: Gate = {
      opened,
      isOpen: false,
      hydrated: false,
      held: [],
      open() {
        if (g.isOpen) return;
        g.isOpen = true;
        resolve();
      },
    };
    gates.set(name, (gate = g));
  }
  return gate;
}

/** The gate of the deferred section `event` happened in, if it is not hydrated yet. */
function pendingGate(event: Event): Gate | null {
  const section = event.target instanceof Element ? event.target.closest(`[${ATTRIBUTE}]`) : null;
  const gate = section ? gates.get(section.getAttribute(ATTRIBUTE)!) : undefined;
  return gate && !gate.hydrated ? gate : null;
}

let listening = false;
/** A touch, a focus or a key in a section opens it at once; a press is held until it is hydrated. */
function listen() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  for (const type of ['pointerdown', 'focusin', 'keydown'] as const)
    document.addEventListener(type, (event) => pendingGate(event)?.open(), true);
  document.addEventListener(
    'click',
    (event) => {
      const gate = pendingGate(event);
      if (!gate) return;
      gate.open();
      const control = (event.target as Element).closest<HTMLElement>(
        'button, a[href], input, select, textarea, summary, label, [role="button"], [role="switch"], [role="tab"]',
      );
      event.preventDefault();
      event.stopPropagation();
      if (control && !gate.held.includes(control)) gate.held.push(control);
    },
    true,
  );
}

/** Opens `gate` when `element` (the section's box) comes within a screen of the viewport. */
function whenNear(gate: Gate, name: string) {
  if (typeof IntersectionObserver !== 'function') return;
  const element = document.querySelector(`[${ATTRIBUTE}="${name}"]`);
  if (!element) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        gate.open();
      }
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(element);
  void gate.opened.then(() => observer.disconnect());
}

export type DeferredSection<P extends object, M> = Preloadable<P, M> & {
  /** Lets the section load and hydrate now (e.g. an address that needs it at once). */
  open(): void;
};

/**
 * A section of a page loaded with `load` (a module whose default export draws it) and hydrated late, in
 * a box of its own (`className`, the box's classes; `fallback`, what a page rendered in the browser
 * shows until it comes). `preload` loads it for the prerender, where it renders at once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function deferredSection<M extends { default: ComponentType<any> }>(
  name: string,
  load: () => Promise<M>,
  options: { fallback: ReactNode; className?: string; idleTimeout?: number },
): DeferredSection<ComponentProps<M['default']>, M> {
  type P = ComponentProps<M['default']>;
  const gate = gateOf(name);
  const eager = preloadable<P, M>(load);
  const Late = lazy(async () => {
    await gate.opened;
    const module = await eager.preload();
    const Inner = module.default;
    function Hydrated(props: P) {
      useEffect(() => {
        gate.hydrated = true;
        // Pressed again once React has taken the section over: its handlers are in place now.
        const held = gate.held.splice(0);
        for (const control of held) if (control.isConnected) control.click();
      }, []);
      return createElement(Inner, props);
    }
    return { default: Hydrated };
  });
  let started = false;
  function Section(props: P) {
    // On the server (the prerender) the section is preloaded and drawn in full; in the browser it
    // comes late, keeping the server's HTML until then.
    const [server] = useState(() => typeof document === 'undefined');
    useEffect(() => {
      if (started) return;
      started = true;
      listen();
      whenIdle(gate.open, options.idleTimeout ?? 3000);
      whenNear(gate, name);
    }, []);
    return createElement(
      'div',
      { [ATTRIBUTE]: name, className: options.className },
      createElement(
        Suspense,
        { fallback: options.fallback },
        createElement((server ? eager : Late) as ComponentType<P>, props),
      ),
    );
  }
  if (typeof document !== 'undefined') listen();
  return Object.assign(Section, { preload: eager.preload, open: gate.open });
}
