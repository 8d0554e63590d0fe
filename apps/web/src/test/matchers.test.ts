import { describe, expect, it } from 'vitest';

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.getElementById('target') as HTMLElement;
}

describe('toBeVisible', () => {
  it('passes for an element shown in the document', () => {
    expect(mount('<div><span id="target">shown</span></div>')).toBeVisible();
  });

  it.each([
    ['the hidden attribute on an ancestor', '<div hidden><span id="target">x</span></div>'],
    ['display: none on an ancestor', '<div style="display: none"><span id="target">x</span></div>'],
    ['visibility: hidden on the element', '<span id="target" style="visibility: hidden">x</span>'],
  ])('fails for an element hidden by %s', (_how, html) => {
    expect(mount(html)).not.toBeVisible();
  });

  it('fails for an element no longer in the document', () => {
    const element = mount('<span id="target">x</span>');
    element.remove();

    expect(element).not.toBeVisible();
  });
});
