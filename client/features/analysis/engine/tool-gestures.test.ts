import { describe, expect, it } from 'vitest';
import { TOOL_COLORS, type Pending, type Tool } from './annotations';
import { keyTool, moveTool, pressTool, releaseTool } from './tool-gestures';

type Step = ['press' | 'move' | 'release', number, number, boolean?];

/** Plays a gesture; returns what is pending and every annotation saved on the way. */
function play(tool: Tool, steps: Step[], start: Pending | null = null) {
  let pending = start;
  const saved = [];
  for (const [kind, x, y, dragged = true] of steps) {
    const m = { x, y };
    if (kind === 'press') pending = pressTool(tool, pending, m);
    else if (kind === 'move') moveTool(pending, m, dragged);
    else {
      const r = releaseTool(pending, m, dragged);
      pending = r.pending;
      if (r.saved) saved.push(r.saved);
    }
  }
  return { pending, saved };
}

describe('tool gestures', () => {
  it('draw: press starts a path, moves extend it, release saves it in green', () => {
    const { pending, saved } = play('draw', [
      ['press', 0, 0],
      ['move', 1, 1],
      ['move', 2, 1],
      ['release', 3, 2],
    ]);
    expect(pending).toBeNull();
    expect(saved).toEqual([
      {
        type: 'path',
        points: [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: 1 },
          { x: 3, y: 2 },
        ],
        color: TOOL_COLORS.draw,
      },
    ]);
  });

  it('line: press sets the start, move the end, release saves it in red; a bare click draws nothing', () => {
    expect(
      play('line', [
        ['press', 10, 10],
        ['move', 50, 20],
        ['release', 60, 30],
      ]).saved,
    ).toEqual([{ type: 'line', start: { x: 10, y: 10 }, end: { x: 60, y: 30 }, color: TOOL_COLORS.line }]);
    expect(
      play('line', [
        ['press', 10, 10],
        ['release', 10, 10, false],
      ]).saved,
    ).toEqual([]);
  });

  it('angle: drag the first arm from the vertex, then press and release on point2', () => {
    const first = play('angle', [
      ['press', 100, 100],
      ['move', 100, 60],
      ['release', 100, 50],
    ]);
    expect(first.saved).toEqual([]);
    expect(first.pending).toEqual({
      type: 'angle-arm2',
      vertex: { x: 100, y: 100 },
      point1: { x: 100, y: 50 },
      point2: null,
    });
    const second = play(
      'angle',
      [
        ['move', 130, 100], // a hovering mouse previews point2
        ['press', 140, 100],
        ['release', 150, 100, false],
      ],
      first.pending,
    );
    expect(second.pending).toBeNull();
    expect(second.saved).toEqual([
      {
        type: 'angle',
        vertex: { x: 100, y: 100 },
        point1: { x: 100, y: 50 },
        point2: { x: 150, y: 100 },
        angle: 90,
        color: TOOL_COLORS.angle,
      },
    ]);
  });

  it('angle: click by click works too (vertex, point1, point2), reflecting a reflex angle', () => {
    const { saved } = play('angle', [
      ['press', 0, 0],
      ['release', 0, 0, false],
      ['press', 10, 0],
      ['release', 10, 0, false],
      ['press', 0, -10],
      ['release', 0, -10, false],
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ type: 'angle', angle: 90 });
  });

  it('a tiny wobble on the vertex does not fix a zero-length first arm', () => {
    const { pending } = play('angle', [
      ['press', 5, 5],
      ['move', 6, 5, false],
      ['release', 6, 5, false],
    ]);
    expect(pending).toMatchObject({ type: 'angle-arm1', vertex: { x: 5, y: 5 }, dragging: false });
  });
});

/** Plays keyboard steps: 'set' is Enter at a point, 'move' the crosshair moving there. */
function keys(tool: Tool, steps: ['set' | 'move', number, number][]) {
  let pending: Pending | null = null;
  const saved = [];
  const said = [];
  for (const [kind, x, y] of steps) {
    if (kind === 'move') {
      moveTool(pending, { x, y }, true);
      continue;
    }
    const r = keyTool(tool, pending, { x, y });
    pending = r.pending;
    said.push(r.step);
    if (r.saved) saved.push(r.saved);
  }
  return { pending, saved, said };
}

describe('tool steps by keyboard (Enter at the crosshair)', () => {
  it('angle: vertex, first arm, second arm; the arm follows the crosshair in between', () => {
    const { pending, saved, said } = keys('angle', [
      ['set', 100, 100],
      ['move', 100, 50],
      ['set', 100, 50],
      ['move', 150, 100],
      ['set', 150, 100],
    ]);
    expect(said).toEqual(['vertex', 'first-arm', 'saved']);
    expect(pending).toBeNull();
    expect(saved).toEqual([
      {
        type: 'angle',
        vertex: { x: 100, y: 100 },
        point1: { x: 100, y: 50 },
        point2: { x: 150, y: 100 },
        angle: 90,
        color: TOOL_COLORS.angle,
      },
    ]);
  });

  it('line: start then end; Enter again on the start sets nothing', () => {
    const { saved, said } = keys('line', [
      ['set', 10, 10],
      ['set', 10, 10],
      ['move', 40, 50],
      ['set', 40, 50],
    ]);
    expect(said).toEqual(['line-start', 'same-point', 'saved']);
    expect(saved).toEqual([
      { type: 'line', start: { x: 10, y: 10 }, end: { x: 40, y: 50 }, color: TOOL_COLORS.line },
    ]);
  });

  it('angle: the first arm cannot end on the vertex', () => {
    const { pending, said } = keys('angle', [
      ['set', 5, 5],
      ['set', 5, 5],
    ]);
    expect(said).toEqual(['vertex', 'same-point']);
    expect(pending).toMatchObject({ type: 'angle-arm1', vertex: { x: 5, y: 5 } });
  });

  it('draw: the first Enter starts a path, the crosshair extends it, the second saves it', () => {
    const { saved, said } = keys('draw', [
      ['set', 0, 0],
      ['move', 5, 0],
      ['move', 5, 5],
      ['set', 5, 5],
    ]);
    expect(said).toEqual(['path-start', 'saved']);
    expect(saved[0]).toMatchObject({
      type: 'path',
      points: [
        { x: 0, y: 0 },
        { x: 5, y: 0 },
        { x: 5, y: 5 },
        { x: 5, y: 5 },
      ],
    });
  });

  it("a shape of another tool under way is replaced by the chosen tool's first point", () => {
    const r = keyTool(
      'line',
      { type: 'angle-arm1', vertex: { x: 0, y: 0 }, point1: { x: 0, y: 0 }, dragging: false },
      { x: 3, y: 4 },
    );
    expect(r.step).toBe('line-start');
    expect(r.pending).toEqual({ type: 'line', start: { x: 3, y: 4 }, end: { x: 3, y: 4 } });
    expect(keyTool('none', null, { x: 1, y: 1 })).toEqual({ pending: null, saved: null, step: 'none' });
  });
});

describe('calibrate: the reference line (issue 33)', () => {
  it('is drawn as a line, and its release gives the reference instead of saving an annotation', () => {
    const pressed = pressTool('calibrate', null, { x: 10, y: 20 });
    expect(pressed).toEqual({ type: 'reference', start: { x: 10, y: 20 }, end: { x: 10, y: 20 } });
    expect(moveTool(pressed, { x: 60, y: 20 }, true)).toBe(true);
    expect(pressed).toMatchObject({ end: { x: 60, y: 20 } });
    expect(releaseTool(pressed, { x: 110, y: 20 }, true)).toEqual({
      pending: null,
      saved: null,
      reference: { start: { x: 10, y: 20 }, end: { x: 110, y: 20 } },
    });
  });

  it('a click without a drag, or a drag back to the start, gives no reference', () => {
    expect(releaseTool(pressTool('calibrate', null, { x: 5, y: 5 }), { x: 5, y: 5 }, false)).toEqual({
      pending: null,
      saved: null,
    });
    expect(releaseTool(pressTool('calibrate', null, { x: 5, y: 5 }), { x: 5, y: 5 }, true)).toEqual({
      pending: null,
      saved: null,
    });
  });

  it('by keyboard: its start, then its end (not on the start) gives the reference', () => {
    let r = keyTool('calibrate', null, { x: 400, y: 200 });
    expect(r.step).toBe('reference-start');
    r = keyTool('calibrate', r.pending, { x: 400, y: 200 });
    expect(r.step).toBe('same-point');
    moveTool(r.pending, { x: 500, y: 200 }, true);
    r = keyTool('calibrate', r.pending, { x: 500, y: 200 });
    expect(r).toEqual({
      pending: null,
      saved: null,
      reference: { start: { x: 400, y: 200 }, end: { x: 500, y: 200 } },
      step: 'reference',
    });
  });

  it('the stopwatch and the trajectory have no pointer or Enter steps here (the engine knows the frame)', () => {
    expect(pressTool('trajectory', null, { x: 1, y: 1 })).toBeNull();
    expect(keyTool('trajectory', null, { x: 1, y: 1 })).toEqual({ pending: null, saved: null, step: 'none' });
  });
});
