import { createContext } from 'react';
import type { TextsSource } from '../domain/texts';

/** The page texts; the app provides them (useTexts() reads the page language's). */
export const TextsContext = createContext<TextsSource | null>(null);
