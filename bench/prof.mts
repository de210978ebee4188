import bench from './userCheckToken.bench.ts';
const r = await bench.run();
console.log(r.lines.join('\n'));
