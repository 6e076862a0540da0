import { describe, expect, it } from 'vitest';
import { KEPT_FOR_MS, createKeptAnswers } from './kept-answers';

const MENU = ['services', 'catalogue', 'categoryMenu'];

/** A main thread that answers each call with a new object and counts what it was asked. */
function mainThread() {
  const asked: string[] = [];
  const ask = (what: string) => () => {
    asked.push(what);
    return Promise.resolve({ what, items: [{ slug: 'biblii' }] });
  };
  return { asked, ask };
}

describe('answers a render thread keeps', () => {
  it('keeps the root loader’s answers for the same generation and arguments, frozen, and asks again for others', async () => {
    let clock = 0;
    const kept = createKeptAnswers(() => clock);
    const main = mainThread();
    const first = await kept.answer(MENU, ['ro'], 7, main.ask('ro'));
    clock += KEPT_FOR_MS / 2;
    expect(await kept.answer(MENU, ['ro'], 7, main.ask('ro again'))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first as { items: object[] }).items[0])).toBe(true);
    await kept.answer(MENU, ['en'], 7, main.ask('en'));
    await kept.answer(['services', 'currency', 'view'], ['EUR'], 7, main.ask('EUR'));
    await kept.answer(['services', 'currency', 'view'], ['EUR'], 7, main.ask('EUR again'));
    expect(main.asked).toEqual(['ro', 'en', 'EUR']);
  });

  it('asks again once the generation changed or the answer is older than its limit', async () => {
    let clock = 0;
    const kept = createKeptAnswers(() => clock);
    const main = mainThread();
    await kept.answer(MENU, ['ro'], 7, main.ask('first'));
    await kept.answer(MENU, ['ro'], 8, main.ask('after an invalidation'));
    clock += KEPT_FOR_MS;
    await kept.answer(MENU, ['ro'], 8, main.ask('after the limit'));
    await kept.answer(MENU, ['ro'], 8, main.ask('kept'));
    expect(main.asked).toEqual(['first', 'after an invalidation', 'after the limit']);
  });

  it('never keeps other calls, nor anything for a request without a generation', async () => {
    const kept = createKeptAnswers(() => 0);
    const main = mainThread();
    const page = ['services', 'catalogue', 'productPage'];
    await kept.answer(page, ['carte'], 7, main.ask('page'));
    await kept.answer(page, ['carte'], 7, main.ask('page again'));
    await kept.answer(MENU, ['ro'], 7, main.ask('kept menu'));
    await kept.answer(MENU, ['ro'], null, main.ask('error page'));
    expect(main.asked).toEqual(['page', 'page again', 'kept menu', 'error page']);
  });

  it('keeps no failure: the request that shared it asks for itself, and the next one asks again', async () => {
    const kept = createKeptAnswers(() => 0);
    const asked: string[] = [];
    let fail = true;
    const ask = (what: string) => () => {
      asked.push(what);
      return fail ? Promise.reject(new Error('database restarting')) : Promise.resolve(what);
    };
    const failing = kept.answer(MENU, ['ro'], 7, ask('first'));
    fail = false;
    const sharing = kept.answer(MENU, ['ro'], 7, ask('sharing'));
    await expect(failing).rejects.toThrow('database restarting');
    expect(await sharing).toBe('sharing');
    expect(await kept.answer(MENU, ['ro'], 7, ask('next'))).toBe('next');
    expect(asked).toEqual(['first', 'sharing', 'next']);
  });
});
