import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import path from 'node:path';
import zlib, { type BrotliOptions } from 'node:zlib';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { PwaAssetsPlugin } from './scripts/webpack/PwaAssetsPlugin';
import { blueprintIconNamesInCode } from './scripts/webpack/iconNamesInCode';
import { ServiceWorkerPlugin } from './scripts/webpack/ServiceWorkerPlugin';
import { UsedBlueprintCssPlugin } from './scripts/webpack/UsedBlueprintCssPlugin';

const backend = process.env.BACKEND_URL ?? 'http://localhost:8080';

/** The service worker's entry: one self-contained file, `/sw.js` (its scope is the whole origin). */
const SERVICE_WORKER = 'sw';

/**
 * The pages a console starts on, whose chunk keeps every module it uses that no initial chunk has
 * (Blueprint's form parts, dayjs for the orders): each page's first screen is one file of its own,
 * not that file and chunks it shares with the pages opened later, one request more each.
 */
const FIRST_SCREEN_PAGES = ['login', 'orders'];

/** The chunks webpack's default groups may split shared modules out of: all but the service worker and the first screens' pages. */
const splitsOutOf = (chunk: { name?: string | null }) => chunk.name !== SERVICE_WORKER && !FIRST_SCREEN_PAGES.includes(chunk.name ?? '');

/**
 * The console's build. Production: content-hashed, code-split by route, CSS extracted, hidden source maps.
 * Development (`npm run dev`): the dev server proxies the backend's paths to BACKEND_URL.
 * The web app manifest and its icons are part of every build; the service worker (`sw.js`, with the
 * list of hashed files to precache written into it) only of production builds (spec: development
 * builds never register one).
 */
export default function config(_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } {
  const production = (argv.mode ?? 'production') === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: {
      main: './src/app/main.tsx',
      ...(production ? { [SERVICE_WORKER]: { import: './src/serviceWorker/sw.ts', runtime: false } } : {}),
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: (pathData) =>
        pathData.chunk?.name === SERVICE_WORKER ? 'sw.js' : production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      publicPath: '/',
      clean: true,
    },
    // Production maps are written for error reporting but not named in the files (no
    // `sourceMappingURL`), and the backend serves them only when told to (SERVE_SOURCE_MAPS).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // mobx-persist-store's ES2015 modules: its `module` field names an ES5 build (generators as state
      // machines), about 8 kB more minified than the same code in ES2015, which every browser the console supports runs.
      alias: { 'mobx-persist-store$': path.resolve(__dirname, 'node_modules/mobx-persist-store/lib/esm2015/index.js') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: [/node_modules/, path.resolve(__dirname, 'src/serviceWorker')],
          use: { loader: 'ts-loader', options: { configFile: 'tsconfig.json', transpileOnly: true } },
        },
        {
          // The service worker's own files under its own tsconfig (WebWorker lib), in a ts-loader
          // instance of their own: sharing one instance with the page's files made the instance's
          // settings depend on which entry's file came first, and now and then JSX went untranslated.
          test: /\.ts$/,
          include: path.resolve(__dirname, 'src/serviceWorker'),
          use: {
            loader: 'ts-loader',
            options: { configFile: path.resolve(__dirname, 'src/serviceWorker/tsconfig.json'), transpileOnly: true, instance: 'serviceWorker' },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(woff2?|ttf|eot|svg|png)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      // Blueprint's date inputs can load any date-fns locale on demand; the console passes its two.
      new webpack.ContextReplacementPlugin(/date-fns[/\\]locale$/, /^\.\/(de|en-GB)\/index\.js$/),
      // Blueprint's date components work out the offsets of ~250 time zones when they load; the
      // console's stand-in does it when the list is first read (src/ui/blueprint/timezoneItems.ts).
      new webpack.NormalModuleReplacementPlugin(/^(\.\/|\.\.\/\.\.\/common\/)timezoneItems$/, (resource: { context: string; request: string }) => {
        if (/[/\\]@blueprintjs[/\\]datetime[/\\]lib[/\\]esm[/\\]/.test(resource.context)) {
          resource.request = path.resolve(__dirname, 'src/ui/blueprint/timezoneItems.ts');
        }
      }),
      // Blueprint's icon package builds its names (`IconNames`, `IconNamesSet`) from the table of all
      // 706 icons (68 kB, with change-case), which its core brings into the framework chunk. The
      // console's stand-in (src/ui/blueprint/iconNames.ts) knows the icon names written in the
      // build's code, collected when the build (or the dev server) starts.
      new webpack.NormalModuleReplacementPlugin(/^\.\/iconNames(\.js)?$/, (resource: { context: string; request: string }) => {
        if (/[/\\]@blueprintjs[/\\]icons[/\\]lib[/\\]esm$/.test(resource.context)) {
          resource.request = path.resolve(__dirname, 'src/ui/blueprint/iconNames.ts');
        }
      }),
      new webpack.DefinePlugin({ BLUEPRINT_ICON_NAMES: JSON.stringify(blueprintIconNamesInCode(__dirname)) }),
      // The service worker's bundle is no page script: only `navigator.serviceWorker.register` loads it.
      new HtmlWebpackPlugin({ template: './src/app/index.html', scriptLoading: 'defer', excludeChunks: [SERVICE_WORKER] }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:12].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:12].css' : 'assets/[name].css',
        // The lazy chunks' stylesheets go at the end of <head> as they load, the shell's before all
        // of them: it begins with Blueprint's rules for the signed-in pages (UsedBlueprintCssPlugin),
        // which must come before the pages' own rules, as they did in Blueprint's stylesheet.
        insert: function insertChunkStylesheet(linkTag: HTMLLinkElement) {
          const first = /\/shell\.[^/]*css$/.test(linkTag.href) ? document.head.querySelector('link[data-chunk-stylesheet]') : null;
          linkTag.setAttribute('data-chunk-stylesheet', '');
          document.head.insertBefore(linkTag, first);
        },
      }),
      new PwaAssetsPlugin(path.resolve(__dirname, 'src/app/pwa')),
      ...(production
        ? [
            // Blueprint's stylesheets keep only the rules the emitted scripts can use (the date
            // picker's too); the icon font's glyph rules go (scripts/webpack/UsedBlueprintCssPlugin.ts).
            new UsedBlueprintCssPlugin(),
            new ServiceWorkerPlugin({
              swDest: 'sw.js',
              // Source maps are for developers; compressed copies are for the backend to choose among.
              exclude: [/\.map$/, /\.LICENSE\.txt$/, /^\.build-stamp$/, /\.(br|gz)$/],
              hashed: /\.[0-9a-f]{12}\.[a-z0-9]+$/,
              publicPath: '/',
            }),
            // Brotli and gzip copies beside the hashed files of 1 KiB and more (the backend sends the one
            // the browser takes). Only hashed files: a copy of a file replaced in place under its name
            // (sw.js) would go stale; those the backend compresses as it sends them. Never source maps.
            new CompressionPlugin<BrotliOptions>({
              include: /^assets\/.+\.(js|css|svg|json|webmanifest)$/,
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
              filename: '[path][base].br',
              threshold: 1024,
            }),
            new CompressionPlugin({
              include: /^assets\/.+\.(js|css|svg|json|webmanifest)$/,
              algorithm: 'gzip',
              compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
              filename: '[path][base].gz',
              threshold: 1024,
            }),
          ]
        : []),
    ],
    optimization: {
      // Libraries load with the code that first needs them: what the entry imports is initial, what
      // only a lazy page or the calendar imports comes with that chunk (webpack's own async splitting),
      // so `/login` loads none of the orders page's libraries.
      splitChunks: {
        chunks: (chunk) => chunk.name !== SERVICE_WORKER,
        cacheGroups: {
          // webpack's own groups (libraries, and modules shared by lazy chunks), except that the pages
          // of the first screens keep what they use (FIRST_SCREEN_PAGES): the login page's form is one
          // file, not two, and the orders page's one with dayjs. The other lazy chunks share those
          // modules in chunks of their own.
          defaultVendors: { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true, chunks: splitsOutOf },
          default: { minChunks: 2, priority: -20, reuseExistingChunk: true, chunks: splitsOutOf },
          // What every page draws with (React, MobX, Blueprint's core) in one initial chunk of its own,
          // which changes only with those libraries. Their modules that only lazy chunks use stay with
          // those chunks; Blueprint's overlays go to `overlays`.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|mobx|mobx-react-lite|@blueprintjs[\\/](core|icons)|classnames|tslib)[\\/]/,
            name: 'framework',
            chunks: 'initial',
            priority: 20,
          },
          // The console's stylesheets of the entry and of the login page (the page, the targets a finger
          // takes, the form, the language switch: a few hundred bytes) go with Blueprint's into the
          // framework's: one stylesheet before the form or the rows, not four.
          frameworkStyles: {
            type: 'css/mini-extract',
            test: /[\\/]src[\\/]ui[\\/](shell[\\/](page|touch|LanguageSwitch)|login[\\/]LoginPage)\.css$/,
            name: 'framework',
            chunks: 'all',
            priority: 20,
            enforce: true,
          },
          // Blueprint's overlays (overlay, dialog, drawer, toast, portal) and the library they animate
          // with, in one lazy chunk that whoever draws the first overlay loads: the order's drawer, a
          // dialog, the first toast, and the popovers below. The toaster's `createToaster`, which only
          // hands them on, is in it too, so its import loads this chunk alone. Neither the login page
          // nor the first rows wait for it.
          overlays: {
            test: /[\\/](src[\\/]infrastructure[\\/]notifier[\\/]createToaster\.ts$|node_modules[\\/](react-transition-group|dom-helpers|@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/](components[\\/](overlay|overlay2|toast|dialog|drawer|portal)|context[\\/]portal|hooks[\\/]overlays)[\\/]))/,
            name: 'overlays',
            chunks: 'async',
            priority: 30,
            enforce: true,
          },
          // Blueprint's popovers (popover, tooltip, menu) and the libraries that position them, a lazy
          // chunk beside the overlays': the header's tooltip and menu after the first screen, the tour,
          // the calendar. An order's drawer or a dialog does not load them. The header's
          // `overlayComponents`, which only hands them on, is in it too.
          popovers: {
            test: /[\\/](src[\\/]ui[\\/]shell[\\/]overlayComponents\.ts$|node_modules[\\/](@floating-ui|@popperjs|react-popper|react-fast-compare|warning|@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/](components[\\/](popover|popover-next|tooltip|menu|hotkeys|context-menu)|context[\\/]hotkeys)[\\/]))/,
            name: 'popovers',
            chunks: 'async',
            priority: 30,
            enforce: true,
          },
        },
      },
      // webpack's runtime is part of the entry's script: a file of its own was one request more before
      // any page (its bytes change with every chunk's hash either way).
    },
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/v1', '/config.json', '/healthz', '/readyz'], target: backend }],
    },
  };
}
