import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '@/test/i18n';
import { sameSentence, sentenceTiles, shuffleTiles } from './model';
import { MultipleChoice } from './multiple-choice';
import { SentencePractice } from './sentence-practice';

beforeAll(async () => {
  await setupTestI18n('en');
});

describe('sentence tiles', () => {
  it('splits a sentence into words without the punctuation around them', () => {
    expect(sentenceTiles('  The girl ate an apple. ')).toEqual(['The', 'girl', 'ate', 'an', 'apple']);
    expect(sentenceTiles('¿Dónde está el niño?')).toEqual(['Dónde', 'está', 'el', 'niño']);
  });

  it('compares a built sentence with the target, case and final punctuation aside', () => {
    expect(sameSentence(['the', 'girl', 'ate', 'an', 'apple'], 'The girl ate an apple.')).toBe(true);
    expect(sameSentence(['girl', 'the', 'ate', 'an', 'apple'], 'The girl ate an apple.')).toBe(false);
    expect(sameSentence(['The', 'girl', 'ate'], 'The girl ate an apple.')).toBe(false);
  });

  it('shuffles the same way for the same seed, keeps every word and distractor, and never starts with the answer in order', () => {
    const target = 'The boy reads a book.';
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const tiles = shuffleTiles(target, ['an'], seed);
      expect(shuffleTiles(target, ['an'], seed)).toEqual(tiles);
      expect([...tiles].sort()).toEqual(['The', 'a', 'an', 'book', 'boy', 'reads'].sort());
      expect(sameSentence(tiles.slice(0, 5), target)).toBe(false);
    }
    // Two words can only be shown the other way round.
    expect(shuffleTiles('Dog runs.', [], 'x')).toEqual(['runs', 'Dog']);
  });
});

describe('a sentence practice', () => {
  it('builds the sentence from tiles by tap and by keyboard, takes a word back, and checks the words in order', async () => {
    const onCheck = vi.fn();
    render(
      <SentencePractice
        activity={{ kind: 'sentence', tiles: ['apple', 'The', 'an', 'girl', 'ate', 'a'] }}
        onCheck={onCheck}
      />,
    );
    const check = screen.getByRole('button', { name: 'Check' });
    expect(check).toBeDisabled();
    const sentence = screen.getByRole('region', { name: 'Your sentence' });
    expect(sentence).toHaveTextContent('Tap the words in order to build the sentence.');

    await userEvent.click(screen.getByRole('button', { name: 'Add "The"' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add "girl"' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add "a"' }));
    // Taking "a" back puts it among the tiles again.
    await userEvent.click(within(sentence).getByRole('button', { name: 'Remove "a", word 3' }));
    expect(screen.getByRole('button', { name: 'Add "a"' })).toBeInTheDocument();
    // The keyboard: Tab to a tile, Enter places it.
    screen.getByRole('button', { name: 'Add "ate"' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Add "an"' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add "apple"' }));
    expect(
      within(sentence)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['The', 'girl', 'ate', 'an', 'apple']);
    await userEvent.click(check);
    expect(onCheck).toHaveBeenCalledWith(['The', 'girl', 'ate', 'an', 'apple']);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(sentence).getAllByRole('button')).toHaveLength(4);
  });

  it('keeps two tiles of the same word apart', async () => {
    const onCheck = vi.fn();
    render(
      <SentencePractice
        activity={{ kind: 'sentence', tiles: ['the', 'cat', 'the', 'sees', 'dog'] }}
        onCheck={onCheck}
      />,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Add "the"' });
    await userEvent.click(first!);
    await userEvent.click(screen.getByRole('button', { name: 'Add "cat"' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add "sees"' }));
    await userEvent.click(second!);
    await userEvent.click(screen.getByRole('button', { name: 'Add "dog"' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(onCheck).toHaveBeenCalledWith(['the', 'cat', 'sees', 'the', 'dog']);
  });
});

describe('a multiple choice', () => {
  it('shows the question and picture answers named for a screen reader, and reports the chosen one', async () => {
    const onChoose = vi.fn();
    render(
      <MultipleChoice
        activity={{
          kind: 'choice',
          question: 'Which one is the apple?',
          answers: [
            { picture: '1f34c', alt: 'banana' },
            { picture: '1f34e', alt: 'red apple' },
            { text: 'Bread', picture: '1f35e' },
          ],
        }}
        onChoose={onChoose}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Which one is the apple?' })).toBeInTheDocument();
    const answers = within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('button');
    expect(answers.map((a) => a.getAttribute('aria-label'))).toEqual(['banana', 'red apple', 'Bread']);
    expect(answers[1]!.querySelector('img')).toHaveAttribute('src', '/api/pictures/1f34e.svg');
    await userEvent.click(answers[1]!);
    expect(onChoose).toHaveBeenCalledWith(1);
  });
});
