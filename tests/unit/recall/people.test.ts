import { describe, expect, it } from 'vitest';
import { peopleWords, personOf } from '@/server/recall/people';

const person = (summary: string) => personOf({ type: 'semantic', kind: 'relationship', summary, entities: [] });

describe("the user's people, by name and by relation", () => {
  it('reads who a name memory names, with the relation as the user said it', () => {
    expect(person('Sister is Aoife')).toEqual({ relation: 'sister', name: 'aoife' });
    expect(person('Wife is Ana')).toEqual({ relation: 'wife', name: 'ana' });
    expect(person('Best friend is Noor')).toEqual({ relation: 'friend', name: 'noor' });
    expect(person('女朋友叫小雅')).toEqual({ relation: '女朋友', name: '小雅' });
    expect(person('Sister lives in Oslo')).toBeNull();
  });

  it('a question naming one finds the other; a word inside another word is no mention', () => {
    const people = [
      { relation: 'sister', name: 'aoife' },
      { relation: 'friend', name: 'noor' },
      { relation: '女朋友', name: '小雅' },
    ];
    expect(peopleWords('what does aoife do for work?', people)).toBe('sister');
    expect(peopleWords("what should i get my friend's kid?", people)).toBe('noor');
    expect(peopleWords('小雅在哪个城市上班来着', people)).toBe('女朋友');
    expect(peopleWords('what is the best pizza near noordwijk?', people)).toBe('');
  });
});
