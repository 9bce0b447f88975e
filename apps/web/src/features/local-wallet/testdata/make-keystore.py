#!/usr/bin/env python3
"""Writes a keystore v3 with tools other than the web app's (Python's hashlib scrypt/pbkdf2, the `cryptography`
package's OpenSSL AES-128-CTR, and the Keccak-f[1600] written out below), for keystore-v3.test.ts to import.

usage: python3 make-keystore.py <hex private key> <password> [scrypt|pbkdf2]
"""
import hashlib
import json
import os
import sys
import uuid

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

RC = [0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000, 0x000000000000808B,
      0x0000000080000001, 0x8000000080008081, 0x8000000000008009, 0x000000000000008A, 0x0000000000000088,
      0x0000000080008009, 0x000000008000000A, 0x000000008000808B, 0x800000000000008B, 0x8000000000008089,
      0x8000000000008003, 0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
      0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008]
ROT = [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61], [28, 55, 25, 21, 56], [27, 20, 39, 8, 14]]
M = (1 << 64) - 1


def rol(v, n):
    return ((v << n) | (v >> (64 - n))) & M if n else v


def keccak_f(a):
    for rc in RC:
        c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
        a = [[a[x][y] ^ d[x] for y in range(5)] for x in range(5)]
        b = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                b[y][(2 * x + 3 * y) % 5] = rol(a[x][y], ROT[x][y])
        a = [[b[x][y] ^ ((~b[(x + 1) % 5][y]) & b[(x + 2) % 5][y]) for y in range(5)] for x in range(5)]
        a[0][0] ^= rc
    return a


def keccak256(data: bytes) -> bytes:
    rate = 136
    msg = bytearray(data) + b'\x01'  # Keccak padding (not SHA-3's 0x06)
    while len(msg) % rate:
        msg.append(0)
    msg[-1] |= 0x80
    a = [[0] * 5 for _ in range(5)]
    for off in range(0, len(msg), rate):
        block = msg[off:off + rate]
        for i in range(rate // 8):
            x, y = i % 5, i // 5
            a[x][y] ^= int.from_bytes(block[8 * i:8 * i + 8], 'little')
        a = keccak_f(a)
    out = b''.join(a[i % 5][i // 5].to_bytes(8, 'little') for i in range(4))
    return out


assert keccak256(b'').hex() == 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'

key = bytes.fromhex(sys.argv[1].removeprefix('0x'))
password = sys.argv[2].encode()
kdf = sys.argv[3] if len(sys.argv) > 3 else 'scrypt'
salt, iv = os.urandom(32), os.urandom(16)
if kdf == 'scrypt':
    params = {'dklen': 32, 'n': 4096, 'r': 8, 'p': 1, 'salt': salt.hex()}
    dk = hashlib.scrypt(password, salt=salt, n=4096, r=8, p=1, dklen=32)
else:
    params = {'dklen': 32, 'c': 10000, 'prf': 'hmac-sha256', 'salt': salt.hex()}
    dk = hashlib.pbkdf2_hmac('sha256', password, salt, 10000, 32)
enc = Cipher(algorithms.AES(dk[:16]), modes.CTR(iv)).encryptor()
ct = enc.update(key) + enc.finalize()
print(json.dumps({'version': 3, 'id': str(uuid.uuid4()), 'crypto': {
    'cipher': 'aes-128-ctr', 'cipherparams': {'iv': iv.hex()}, 'ciphertext': ct.hex(), 'kdf': kdf,
    'kdfparams': params, 'mac': keccak256(dk[16:32] + ct).hex()}}))
