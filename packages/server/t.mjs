import sharp from 'sharp';
import zlib from 'node:zlib';
function crc32(buf){ let c, crc=0xffffffff; for (const b of buf){ c=(crc^b)&0xff; for(let k=0;k<8;k++) c = c&1 ? 0xedb88320^(c>>>1) : c>>>1; crc=(crc>>>8)^c;} return (crc^0xffffffff)>>>0;}
function chunk(type, data){ const len=Buffer.alloc(4); len.writeUInt32BE(data.length); const td=Buffer.concat([Buffer.from(type), data]); const crc=Buffer.alloc(4); crc.writeUInt32BE(crc32(td)); return Buffer.concat([len, td, crc]); }
const ihdr=Buffer.alloc(13); ihdr.writeUInt32BE(10000,0); ihdr.writeUInt32BE(10000,4); ihdr[8]=8; ihdr[9]=0;
const png=Buffer.concat([Buffer.from([137,80,78,71,13,10,26,10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(10))), chunk('IEND', Buffer.alloc(0))]);
console.log(await sharp(png).metadata().then(m=>[m.format,m.width,m.height]));
try { await sharp(png,{limitInputPixels: 50e6}).webp().toBuffer() } catch(e){ console.log('err', e.message) }
try { await sharp(Buffer.from('hello world')).metadata() } catch(e){ console.log('err', e.message) }
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
console.log((await sharp(svg).metadata()).format);
const t0=Date.now(); const big = await sharp({create:{width:8000,height:7000,channels:3,background:'#888'}}).png().toBuffer(); console.log('big', big.length, Date.now()-t0);
