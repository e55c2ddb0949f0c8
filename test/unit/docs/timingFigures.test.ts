import { commentLines, timingFigureIn } from './timingFigures';

describe('timingFigureIn', () => {
  it.each([
    ['out the whole page at once to answer (about 200 ms at 4× CPU throttling for the orders\' first', '4× CPU'],
    ['throttling for the entry\'s scripts, far more than compiling', 'throttl'],
    ['collections landed inside frames (tasks of 60–80 ms). A change after a quiet moment is still', '60–80 ms'],
    ['/** How long the token must stay as it is before the stream follows it (about 500 ms). */', '500 ms'],
    ['a page took 4–5 s before the index', '4–5 s'],
    ['measured: 1 400 ms for the entry', '1 400 ms'],
  ])('finds the measurement in %j', (text, figure) => {
    expect(timingFigureIn(text)).toBe(figure);
  });

  it.each([
    ['/** First wait before connecting again; doubled after each failed attempt. Default 100 ms. */'],
    ['* Toasts at the bottom centre that go after a few seconds, with a close button'],
    ['it is tried again after 1 s, 2 s, … at most 30 s until it shows.'],
    ['(docs/benchmarks.md#measurements-behind-the-design)'],
    ['about 250 time zones, some 750 ICU formatters'],
  ])('lets the design value or the count in %j stand', (text) => {
    expect(timingFigureIn(text)).toBeNull();
  });
});

describe('commentLines', () => {
  it('reads line comments, block comments and comments after code, and no code', () => {
    const source = ['// one', 'const a = 1; // two', '/**', ' * three', ' */', 'const url = "https://x"; const b = 2;'].join('\n');
    expect(commentLines(source)).toEqual([
      { line: 1, text: '// one' },
      { line: 2, text: 'two' },
      { line: 3, text: '/**' },
      { line: 4, text: '* three' },
      { line: 5, text: '*/' },
    ]);
  });
});
