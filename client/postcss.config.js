import { fileURLToPath } from 'node:url';

// Tailwind is pointed at its config explicitly: Vite runs from the repository root, not from client/.
export default {
  plugins: {
    tailwindcss: { config: fileURLToPath(new URL('./tailwind.config.ts', import.meta.url)) },
    autoprefixer: {},
  },
};
