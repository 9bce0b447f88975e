// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IUniswapV3Pool} from "@uniswap/v3-core/contracts/interfaces/IUniswapV3Pool.sol";
import {IUniswapV3MintCallback} from "@uniswap/v3-core/contracts/interfaces/callback/IUniswapV3MintCallback.sol";
import {IUniswapV3SwapCallback} from "@uniswap/v3-core/contracts/interfaces/callback/IUniswapV3SwapCallback.sol";

/// @title Liquidity and swaps on a Uniswap v3 pool, for local chains and tests
/// @notice A pool's `mint` and `swap` call their caller back for the tokens owed; an account (an EOA) cannot
/// answer, so it goes through this contract: it approves the driver, calls `mint` or `swap`, and the driver pays
/// the pool from the account's tokens in the callback. Development only: production never deploys it.
contract PoolDriver is IUniswapV3MintCallback, IUniswapV3SwapCallback {
    using SafeERC20 for IERC20;

    /// @dev The pool this call is driving and whose tokens it pays with: set for the call only (transient), so a
    /// callback from anything else, or outside a call, is refused and nobody can spend an approval through it.
    address private transient activePool;
    address private transient activePayer;

    error NotActivePool();

    /// @notice Adds `liquidity` between two ticks for `recipient`, paid from the caller's tokens.
    function mint(IUniswapV3Pool pool, int24 tickLower, int24 tickUpper, uint128 liquidity, address recipient)
        external
        returns (uint256 amount0, uint256 amount1)
    {
        _begin(pool);
        (amount0, amount1) = pool.mint(recipient, tickLower, tickUpper, liquidity, "");
        _end();
    }

    /// @notice Swaps from the caller's tokens to `recipient`: `amountSpecified` > 0 is an exact amount in, < 0 an
    /// exact amount out; the swap stops early at `sqrtPriceLimitX96` (so a large amount with a limit moves the
    /// price to the limit and pays only what that takes).
    function swap(
        IUniswapV3Pool pool,
        bool zeroForOne,
        int256 amountSpecified,
        uint160 sqrtPriceLimitX96,
        address recipient
    ) external returns (int256 amount0, int256 amount1) {
        _begin(pool);
        (amount0, amount1) = pool.swap(recipient, zeroForOne, amountSpecified, sqrtPriceLimitX96, "");
        _end();
    }

    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external override {
        _pay(amount0Owed, amount1Owed);
    }

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external override {
        _pay(amount0Delta > 0 ? uint256(amount0Delta) : 0, amount1Delta > 0 ? uint256(amount1Delta) : 0);
    }

    function _begin(IUniswapV3Pool pool) private {
        activePool = address(pool);
        activePayer = msg.sender;
    }

    function _end() private {
        activePool = address(0);
        activePayer = address(0);
    }

    function _pay(uint256 amount0, uint256 amount1) private {
        if (msg.sender != activePool || activePool == address(0)) revert NotActivePool();
        IUniswapV3Pool pool = IUniswapV3Pool(msg.sender);
        if (amount0 > 0) IERC20(pool.token0()).safeTransferFrom(activePayer, msg.sender, amount0);
        if (amount1 > 0) IERC20(pool.token1()).safeTransferFrom(activePayer, msg.sender, amount1);
    }
}
