import { returnFocusToTarget } from '../../../../src/ui/shell/returnFocusToTarget';

describe('returnFocusToTarget', () => {
  let target: HTMLSpanElement;
  let button: HTMLButtonElement;

  beforeEach(() => {
    document.body.innerHTML = '<span id="target"><button type="button">Spalten</button></span><input id="elsewhere">';
    target = document.getElementById('target') as HTMLSpanElement;
    button = target.querySelector('button') as HTMLButtonElement;
  });

  it('focuses the target\'s button when the focus was left on the body', () => {
    (document.activeElement as HTMLElement | null)?.blur();
    returnFocusToTarget(target, document);
    expect(document.activeElement).toBe(button);
  });

  it('focuses the target\'s button when the focused element has left the document (the button drawn before the overlays)', () => {
    const early = document.createElement('button');
    document.body.append(early);
    early.focus();
    early.remove();
    returnFocusToTarget(target, document);
    expect(document.activeElement).toBe(button);
  });

  it('focuses the target\'s button when the focus is still inside the popover that closed (a menu item chosen)', () => {
    const closed = document.createElement('div');
    closed.innerHTML = '<a href="#settings">Einstellungen</a>';
    document.body.append(closed);
    (closed.querySelector('a') as HTMLAnchorElement).focus();
    returnFocusToTarget(target, document, closed);
    expect(document.activeElement).toBe(button);
  });

  it('leaves the focus where the operator moved it', () => {
    const elsewhere = document.getElementById('elsewhere') as HTMLInputElement;
    elsewhere.focus();
    returnFocusToTarget(target, document);
    expect(document.activeElement).toBe(elsewhere);
  });

  it('does nothing without a target', () => {
    expect(() => returnFocusToTarget(null, document)).not.toThrow();
  });
});
