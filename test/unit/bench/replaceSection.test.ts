import { replaceSection } from '../../../scripts/bench/shared/replaceSection';

const document = ['# Benchmarks', '', '## Backend', '', 'table', '', '## First screen: old', '', 'old table', '', '## Later', '', 'more', ''].join('\n');

describe('replaceSection', () => {
  it('replaces the section from its heading to the next heading', () => {
    const replaced = replaceSection(document, '## First screen', '## First screen: new\n\nnew table\n');
    expect(replaced).toBe(['# Benchmarks', '', '## Backend', '', 'table', '', '## First screen: new', '', 'new table', '', '## Later', '', 'more', ''].join('\n'));
  });

  it('replaces a last section to the end', () => {
    const replaced = replaceSection('# B\n\n## First screen: old\n\nold\n', '## First screen', '## First screen: new\n\nnew\n');
    expect(replaced).toBe('# B\n\n## First screen: new\n\nnew\n');
  });

  it('appends the section when there is none', () => {
    expect(replaceSection('# B\n\n## Backend\n\ntable\n', '## First screen', '## First screen: new\n\nnew\n')).toBe(
      '# B\n\n## Backend\n\ntable\n\n## First screen: new\n\nnew\n',
    );
  });

  it('puts a missing section before the one named, when there is one', () => {
    expect(replaceSection('# B\n\n## Backend\n\ntable\n\n## Measurements\n\nnotes\n', '## Order writes', '## Order writes\n\nfigures\n', '## Measurements')).toBe(
      '# B\n\n## Backend\n\ntable\n\n## Order writes\n\nfigures\n\n## Measurements\n\nnotes\n',
    );
    expect(replaceSection('# B\n\n## Backend\n\ntable\n', '## Order writes', '## Order writes\n\nfigures\n', '## Measurements')).toBe(
      '# B\n\n## Backend\n\ntable\n\n## Order writes\n\nfigures\n',
    );
  });

  it('replaces a section where it is, whatever it would go before when missing', () => {
    expect(replaceSection('# B\n\n## Measurements\n\nnotes\n\n## Order writes\n\nold\n', '## Order writes', '## Order writes\n\nnew\n', '## Measurements')).toBe(
      '# B\n\n## Measurements\n\nnotes\n\n## Order writes\n\nnew\n',
    );
  });

  it('makes an empty document the section alone', () => {
    expect(replaceSection('', '# Benchmarks', '# Benchmarks\n\nintro\n')).toBe('# Benchmarks\n\nintro\n');
  });
});
