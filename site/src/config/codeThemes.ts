import { themes, type PrismTheme } from 'prism-react-renderer';

/**
 * The code themes, GitHub (light) and Dracula (dark), with every token colour that falls below
 * WCAG AA's 4.5:1 against its code block replaced by a darker (or lighter) shade of the same hue.
 * The replacements also stay at 4.5:1 or more on a highlighted line (10 % darker in light mode).
 */
const LIGHT_REPLACEMENTS: Record<string, string> = {
  '#999988': '#4d5562', // comments
  '#e3116c': '#b3094f', // strings
  '#36acaa': '#066b69', // numbers, variables, constants, properties
  '#00a4db': '#00639a', // keywords, selectors
  '#d73a49': '#b31d28', // functions, tags
};

const DARK_REPLACEMENTS: Record<string, string> = {
  'rgb(98, 114, 164)': '#a0a8b7', // comments
};

function withColours(theme: PrismTheme, replacements: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((style) => {
      const colour = style.style.color;
      const replacement = colour === undefined ? undefined : replacements[colour];
      return replacement === undefined ? style : { ...style, style: { ...style.style, color: replacement } };
    }),
  };
}

export const lightCodeTheme = withColours(themes.github, LIGHT_REPLACEMENTS);
export const darkCodeTheme = withColours(themes.dracula, DARK_REPLACEMENTS);
