import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

// adapter-node: `vite build` writes a Node server to build/, started by `node build`.
export default defineConfig({ plugins: [sveltekit({ adapter: adapter() })] });
